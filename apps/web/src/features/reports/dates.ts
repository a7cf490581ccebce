import { addDays } from '@switchboard/core/rules/usage';

/** Today as yyyy-mm-dd (UTC, as usage is recorded). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The default report range: the last 30 days, today included. */
export const lastThirtyDays = () => ({ startDate: addDays(todayIso(), -29), endDate: todayIso() });

/** Micro-USD as dollars and cents. */
export const formatMicroUsd = (micro: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(micro / 1_000_000);

/** The label of each usage counter. */
export const ITEM_LABELS: Record<string, string> = {
  'inbound-message': 'Messages in',
  'outbound-message': 'Messages out',
  tokens: 'Model tokens',
  voice: 'Voice minutes',
  advancedVoice: 'Advanced voice minutes',
  number: 'Number days',
};
