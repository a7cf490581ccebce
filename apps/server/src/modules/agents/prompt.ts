import { substituteTemplate, type CampaignData } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import { findTemplate } from '../templates/index.ts';
import { businessNameOf } from './repository.ts';

/** Variables every agent's text may use besides its template fields. */
export async function builtinVariables(
  db: DbOrTx,
  account: AccountRow,
  campaign: CampaignData,
): Promise<{ businessName: string; agentName: string; timezone: string; today: string }> {
  const org = account.account_type === 'agent' && account.organization_id ? await findAccount(db, account.organization_id) : undefined;
  const businessName = businessNameOf(org ?? account);
  return { businessName, agentName: businessNameOf(account), timezone: campaign.timezone, today: todayIn(campaign.timezone) };
}

/** Formatters are costly to build: one per timezone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
export function todayIn(timezone: string): string {
  let f = formatters.get(timezone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: timezone });
    } catch {
      f = null;
    }
    if (formatters.size < 1000) formatters.set(timezone, f);
  }
  const now = Date.now();
  const minute = Math.floor(now / 60_000);
  const hit = todayCache.get(timezone);
  if (hit && hit.minute === minute) return hit.text;
  const text = f ? f.format(new Date(now)) : new Date(now).toDateString();
  if (todayCache.size < 1000 || hit) todayCache.set(timezone, { minute, text });
  return text;
}
const todayCache = new Map<string, { minute: number; text: string }>();

/**
 * The instructions and greeting the agent works with. A template agent (mode TEMPLATE) reads its
 * template's current text; its field values and the built-in variables fill the placeholders unless
 * `replace` is false.
 */
export async function effectiveText(
  db: DbOrTx,
  account: AccountRow,
  campaign: CampaignData,
  replace = true,
  variables?: Record<string, string>,
): Promise<{ agentInstructions: string; greeting: string }> {
  let instructions = campaign.agentInstructions;
  let greeting = campaign.greeting;
  let fieldNames: string[] = [];
  if (campaign.mode === 'TEMPLATE' && campaign.templateId) {
    const t = await findTemplate(db, campaign.templateId);
    if (t) {
      instructions = t.agentInstructions;
      greeting = campaign.greeting || t.greeting;
      fieldNames = t.templateFields.map((f) => f.name);
    }
  }
  if (!replace) return { agentInstructions: instructions, greeting };
  const vars = { ...(variables ?? (await builtinVariables(db, account, campaign))), ...campaign.templateFields };
  return {
    agentInstructions: substituteTemplate(instructions, vars, { dropLinesWith: fieldNames }),
    greeting: substituteTemplate(greeting, vars, { dropLinesWith: fieldNames }),
  };
}
