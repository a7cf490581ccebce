import { describe, expect, it } from 'vitest';
import { newMessageGate } from './newMessage.ts';

describe('starting a new message (spec §5)', () => {
  it('asks for premium, then a number, then SMS, in that order', () => {
    expect(newMessageGate({ vidaPremium: false, vidaPhoneNumber: null, smsEnabled: false })).toBe('upgrade');
    expect(newMessageGate({ vidaPremium: true, vidaPhoneNumber: null, smsEnabled: true })).toBe('selectNumber');
    expect(newMessageGate({ vidaPremium: true, vidaPhoneNumber: '+14152000100', smsEnabled: false })).toBe('requestAccess');
    expect(newMessageGate({ vidaPremium: true, vidaPhoneNumber: '+14152000100', smsEnabled: true })).toBeNull();
  });
});
