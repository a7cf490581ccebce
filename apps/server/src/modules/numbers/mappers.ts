import type { PhoneNumberInfo } from '@switchboard/core/contracts/numbers';
import type { PhoneNumberRow } from './repository.ts';

export function toPhoneNumber(r: PhoneNumberRow): PhoneNumberInfo {
  const caps = r.capabilities == null ? ['voice', 'sms', 'mms'] : r.capabilities.split(',');
  return {
    number: r.number,
    country: r.country,
    smsEnabled: r.sms_enabled === 1,
    provider: r.provider,
    kind: r.kind ?? 'carrier',
    status: r.status ?? 'active',
    agentId: r.agent_id,
    routing: r.routing,
    forwardTo: r.forward_to,
    locality: r.locality,
    region: r.region,
    capabilities: { voice: caps.includes('voice'), sms: caps.includes('sms'), mms: caps.includes('mms') },
    createdAt: Number(r.created_at),
  };
}

export const capabilityList = (c: { voice: boolean; sms: boolean; mms: boolean }) =>
  (['voice', 'sms', 'mms'] as const).filter((k) => c[k]).join(',');
