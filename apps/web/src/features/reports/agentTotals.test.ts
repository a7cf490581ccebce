import { describe, expect, it } from 'vitest';
import type { CampaignStats } from './api.ts';
import { totalsByAgent } from './agentTotals.ts';

const day = (over: Partial<CampaignStats>): CampaignStats => ({
  date: '2026-03-01',
  agentId: 7,
  campaignId: null,
  name: 'Night Desk',
  conversations: 0,
  messagesIn: 0,
  messagesOut: 0,
  messagesTaken: 0,
  bookings: 0,
  transfers: 0,
  calls: 0,
  callsAnswered: 0,
  averageCallSeconds: 0,
  ratings: 0,
  averageRating: null,
  ...over,
});

describe('totalsByAgent', () => {
  it('sums each agent’s days, weights averages by their counts, and puts the busiest first', () => {
    const rows = totalsByAgent([
      day({ conversations: 1, calls: 2, callsAnswered: 2, averageCallSeconds: 30, ratings: 1, averageRating: 5 }),
      day({ date: '2026-03-02', calls: 1, callsAnswered: 1, averageCallSeconds: 120, ratings: 3, averageRating: 3, transfers: 1 }),
      day({ agentId: null, name: 'Bright Dental', conversations: 9 }),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['organization', '7']);
    const agent = rows[1]!;
    expect(agent).toMatchObject({ conversations: 1, calls: 3, callsAnswered: 3, transfers: 1, ratings: 4 });
    expect(agent.answeredSeconds / agent.callsAnswered).toBe(60); // (2×30 + 1×120) / 3
    expect(agent.ratingTotal / agent.ratings).toBe(3.5); // (5 + 3×3) / 4
  });
});
