import type { CampaignStats } from './api.ts';

/** One agent's figures summed over the days of the period. */
export interface AgentTotals {
  key: string;
  name: string;
  conversations: number;
  calls: number;
  callsAnswered: number;
  answeredSeconds: number;
  transfers: number;
  messagesTaken: number;
  bookings: number;
  ratings: number;
  ratingTotal: number;
}

/** Sums the per-day rows by agent (the organization's own inbox is one row too), busiest first. */
export function totalsByAgent(stats: CampaignStats[]): AgentTotals[] {
  const byAgent = new Map<string, AgentTotals>();
  for (const d of stats) {
    const key = d.agentId == null ? 'organization' : String(d.agentId);
    let t = byAgent.get(key);
    if (!t) {
      t = {
        key,
        name: d.name,
        conversations: 0,
        calls: 0,
        callsAnswered: 0,
        answeredSeconds: 0,
        transfers: 0,
        messagesTaken: 0,
        bookings: 0,
        ratings: 0,
        ratingTotal: 0,
      };
      byAgent.set(key, t);
    }
    t.conversations += d.conversations;
    t.calls += d.calls;
    t.callsAnswered += d.callsAnswered;
    t.answeredSeconds += d.averageCallSeconds * d.callsAnswered;
    t.transfers += d.transfers;
    t.messagesTaken += d.messagesTaken;
    t.bookings += d.bookings;
    t.ratings += d.ratings;
    t.ratingTotal += (d.averageRating ?? 0) * d.ratings;
  }
  return [...byAgent.values()].sort((a, b) => b.conversations + b.calls - (a.conversations + a.calls) || a.name.localeCompare(b.name));
}
