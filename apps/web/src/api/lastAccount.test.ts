import { describe, expect, it } from 'vitest';
import { lastAccountParentKey, nextLastAccountIds } from './lastAccount.ts';

describe('settings.lastAccountId', () => {
  const path = [
    { type: 'reseller' as const, id: 12 },
    { type: 'org' as const, id: 345 },
  ];
  it('keys the last opened account by its parent as type:id', () => {
    expect(lastAccountParentKey(path)).toBe('reseller:12');
    expect(lastAccountParentKey([{ type: 'org', id: 7 }])).toBe('root');
  });
  it('records the opened account and keeps the others; null when nothing changes', () => {
    expect(nextLastAccountIds({ lastAccountId: { root: 12 } }, path)).toEqual({ root: 12, 'reseller:12': 345 });
    expect(nextLastAccountIds({ lastAccountId: { 'reseller:12': 345 } }, path)).toBeNull();
    expect(nextLastAccountIds(undefined, [])).toBeNull();
    expect(nextLastAccountIds({}, [{ type: 'agent', id: 9 }])).toEqual({ root: 9 });
  });
});
