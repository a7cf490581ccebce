import { describe, expect, it } from 'vitest';
import { callReducer } from './callState.ts';

describe('call state (spec §3, §4)', () => {
  it('starts with the defaults, toggles the type, kicks, moves to a meeting and ends', () => {
    let s = callReducer(null, { type: 'start', call: { username: 'acme', type: 'web' } });
    expect(s).toEqual({ username: 'acme', type: 'web', isLive: false, viewerOnly: false, meetingId: null, campaignId: null });
    s = callReducer(s, { type: 'toggle', callType: 'phone' });
    expect(s?.type).toBe('phone');
    s = callReducer(s, { type: 'kick', kick: true });
    expect(s?.kick).toBe(true);
    s = callReducer(s, { type: 'kick', kick: false });
    expect(s?.kick).toBe(false);
    s = callReducer(s, { type: 'destination', meetingId: 'abc' });
    expect(s).toMatchObject({ username: 'meeting-abc', meetingId: 'abc' });
    expect(callReducer(s, { type: 'end' })).toBeNull();
    expect(callReducer(null, { type: 'toggle', callType: 'x' })).toBeNull();
  });
});
