import { describe, expect, it } from 'vitest';
import { US_CARRIERS, fillCode, parseForwardingDial, phraseDigits } from './forwarding.ts';

describe('forwarding codes', () => {
  it('reads every carrier code the way the network does', () => {
    for (const c of US_CARRIERS) {
      expect(parseForwardingDial(fillCode(c.unconditional.enable, '+14152000100'))).toEqual({
        kind: 'enable',
        mode: 'always',
        target: '+14152000100',
      });
      expect(parseForwardingDial(fillCode(c.conditional.enable, '+14152000100'))).toEqual({
        kind: 'enable',
        mode: 'no-answer',
        target: '+14152000100',
      });
      expect(parseForwardingDial(c.unconditional.disable)).toEqual({ kind: 'disable' });
      expect(parseForwardingDial(c.conditional.disable)).toEqual({ kind: 'disable' });
    }
    expect(parseForwardingDial('*72 (415) 200-0100')).toMatchObject({ mode: 'always' });
    expect(parseForwardingDial('*99')).toBeNull();
  });
  it('spells vanity phrases on the keypad', () => {
    expect(phraseDigits('FLOWERS')).toBe('3569377');
    expect(phraseDigits('call-4-pizza')).toBe('2255474992');
  });
});
