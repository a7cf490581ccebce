/**
 * Call forwarding codes of the US carriers (dialled on the user's own phone), the keypad letters of
 * vanity numbers, and how a dialled code reads (the simulated carrier applies it the way a real
 * network does). `{n}` stands for the 10-digit number to forward to.
 */
export type ForwardMode = 'always' | 'no-answer';

export interface CarrierForwarding {
  id: string;
  name: string;
  /** Forward every call. */
  unconditional: { enable: string; disable: string };
  /** Forward when busy, unanswered or unreachable (the agent picks up calls you miss). */
  conditional: { enable: string; disable: string; note?: string };
  /** Codes for busy / no answer / unreachable alone, where the carrier has them. */
  perCondition?: { busy?: string; noAnswer?: string; unreachable?: string };
}

/** GSM carriers (AT&T, T-Mobile, Google Fi, Mint) use the GSM MMI codes; CDMA heritage carriers use *72 / *71. */
export const US_CARRIERS: readonly CarrierForwarding[] = [
  {
    id: 'att',
    name: 'AT&T',
    unconditional: { enable: '*21*{n}#', disable: '#21#' },
    conditional: { enable: '*004*{n}#', disable: '##004#' },
    perCondition: { busy: '*67*{n}#', noAnswer: '*61*{n}#', unreachable: '*62*{n}#' },
  },
  {
    id: 'verizon',
    name: 'Verizon',
    unconditional: { enable: '*72{n}', disable: '*73' },
    conditional: { enable: '*71{n}', disable: '*73', note: 'Forwards calls you do not answer and calls while you are busy.' },
  },
  {
    id: 'tmobile',
    name: 'T-Mobile',
    unconditional: { enable: '**21*1{n}#', disable: '##21#' },
    conditional: { enable: '**004*1{n}#', disable: '##004#' },
    perCondition: { busy: '**67*1{n}#', noAnswer: '**61*1{n}#', unreachable: '**62*1{n}#' },
  },
  {
    id: 'uscellular',
    name: 'UScellular',
    unconditional: { enable: '*72{n}', disable: '*720' },
    conditional: { enable: '*71{n}', disable: '*710' },
  },
  {
    id: 'googlefi',
    name: 'Google Fi',
    unconditional: { enable: '**21*{n}#', disable: '##21#' },
    conditional: { enable: '**004*{n}#', disable: '##004#' },
  },
  {
    id: 'landline',
    name: 'Landline or other carrier',
    unconditional: { enable: '*72{n}', disable: '*73' },
    conditional: { enable: '*92{n}', disable: '*93', note: 'Codes vary among landline companies; *92 forwards unanswered calls on most.' },
  },
];

export const carrierForwarding = (id: string): CarrierForwarding | undefined => US_CARRIERS.find((c) => c.id === id);

/** A code with the forwarding number filled in (10 digits: national, no +1). */
export function fillCode(code: string, number: string): string {
  const national = number.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return code.replace('{n}', national);
}

/** What dialling a code does: forward always or on no answer to a number, or switch forwarding off. */
export type DialEffect = { kind: 'enable'; mode: ForwardMode; target: string } | { kind: 'disable' } | null;

export function parseForwardingDial(dialled: string): DialEffect {
  const d = dialled.replace(/[\s()-]/g, '');
  if (/^(##0?04#|##002#|#21#|##21#|\*73|\*720|\*710|\*93|##61#|##62#|##67#)$/.test(d)) return { kind: 'disable' };
  const gsm = /^\*\*?(21|004|002|61|62|67)\*1?(\d{10})#$/.exec(d);
  if (gsm) return { kind: 'enable', mode: gsm[1] === '21' ? 'always' : 'no-answer', target: `+1${gsm[2]}` };
  const cdma = /^\*(72|71|92|90|68)1?(\d{10})$/.exec(d);
  if (cdma) return { kind: 'enable', mode: cdma[1] === '72' ? 'always' : 'no-answer', target: `+1${cdma[2]}` };
  return null;
}

const KEYPAD: Record<string, string> = { 2: 'ABC', 3: 'DEF', 4: 'GHI', 5: 'JKL', 6: 'MNO', 7: 'PQRS', 8: 'TUV', 9: 'WXYZ' };
const LETTER_DIGIT: Record<string, string> = Object.fromEntries(
  Object.entries(KEYPAD).flatMap(([digit, letters]) => [...letters].map((l) => [l, digit])),
);

/** The keypad digits of a phrase ("FLOWERS" → "3569377"); digits stay, other characters drop. */
export function phraseDigits(phrase: string): string {
  return [...phrase.toUpperCase()].map((c) => (/\d/.test(c) ? c : (LETTER_DIGIT[c] ?? ''))).join('');
}
