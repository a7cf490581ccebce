import { DEFAULT_COUNTRY, type MessageField } from '@switchboard/core';
import { findPhoneNumbersInText, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The agent without a language model: it takes messages and never improvises. It greets with the
 * agent's greeting, says a person will get back to them, asks for what the agent's settings name (name,
 * a phone number or e-mail, the reason) one question at a time, skipping what the person already said,
 * thanks them and hands the conversation to a person. It reads nothing of the agent's instructions, so
 * they (and any internal note) can never reach a customer. Its state is the conversation itself: what it
 * asked (its questions are fixed sentences) and what the person answered.
 */
export interface TakenMessage {
  name?: string;
  phone?: string;
  email?: string;
  reason?: string;
}

export interface MessageTakerInput {
  fields: MessageField[];
  /** The agent's greeting, its placeholders filled. */
  greeting: string;
  businessName: string;
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The person's latest message ('' when the agent speaks first, as on a call). */
  message: string;
  /** The number the person calls or texts from, when the channel gives one. */
  knownPhone?: string | null;
  country?: string;
}

export interface MessageTakerTurn {
  text: string;
  /** What the person gave so far. */
  taken: TakenMessage;
  /** True on the turn that completes the message: the conversation goes to a person now. */
  handOff: boolean;
}

export const QUESTIONS: Record<MessageField, string> = {
  name: 'May I have your name?',
  contact: 'What is the best phone number or e-mail address to reach you?',
  phone: 'What is the best phone number to reach you?',
  email: 'What is your e-mail address?',
  reason: 'What would you like us to know? Tell me what it is about.',
};
const REASK: Partial<Record<MessageField, string>> = {
  contact: 'Sorry, I did not catch a phone number or e-mail address. What is the best one to reach you?',
  phone: 'Sorry, I did not catch a phone number. What is the best number to reach you?',
  email: 'Sorry, I did not catch an e-mail address. What is it?',
};
const INTRO = (business: string) => `I can take a message, and a person from ${business} will get back to you.`;
const PASSED_ON = 'I have passed your message on';
const AFTER = (business: string) => `Thank you, I have added that to your message. A person from ${business} will get back to you soon.`;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const W = "[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'-]*";
const CAP = "[A-ZÀ-Ö][A-Za-zÀ-ÖØ-öø-ÿ'-]*";
/** "My name is victor": a name however it is written. */
const NAME_STATED = new RegExp(`\\b(?:my name is|my name's|name is|name's)\\s+(${W}(?:\\s+${W})?)`, 'i');
/** "I'm Victor", "This is Ana": a name only when capitalized ("I'm worried" is not one). */
const NAME_INTRODUCED = new RegExp(`\\b(?:[Ii] am|[Ii]'m|[Ii]’m|[Tt]his is|[Ii]t's|[Ii]t is)\\s+(${CAP}(?:\\s+${CAP})?)`);
/** The same words in an answer to "May I have your name?", in any case. */
const NAME_ANSWERED = new RegExp(`\\b(?:i am|i'm|i’m|im|this is|it's|it is|call me)\\s+(${W}(?:\\s+${W})?)`, 'i');
const GREETING_WORDS = /^\s*(?:hi|hello|hey|hiya|howdy|good\s+(?:morning|afternoon|evening|day)|greetings|yo)\b[\s,.!]*/i;
/** Words after "I am" that are not a name ("I am calling", "I'm sorry"). */
const NOT_NAMES = new Set(
  'a an the calling looking trying just not sorry here having wondering interested going still back fine good ok okay well sick in on at with from about so very really new'.split(
    ' ',
  ),
);

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** A phone number in the text, as E.164 (libphonenumber finds it however it is written). */
export function findPhone(text: string, country = DEFAULT_COUNTRY): string | undefined {
  for (const found of findPhoneNumbersInText(text, { defaultCountry: country as CountryCode })) {
    if (found.number.isValid()) return found.number.number;
  }
  // Digits said one by one by a speech engine ("5 5 5 0 1 2 3") are found once joined.
  const joined = text.replace(/(?<=\d)[\s.-]+(?=\d)/g, '');
  if (joined !== text)
    for (const found of findPhoneNumbersInText(joined, { defaultCountry: country as CountryCode }))
      if (found.number.isValid()) return found.number.number;
  return undefined;
}

export const findEmail = (text: string): string | undefined => text.match(EMAIL)?.[0]?.toLowerCase();

function nameFrom(m: RegExpMatchArray | null): { name: string; said: string } | undefined {
  if (!m) return undefined;
  const words = m[1]!.split(/\s+/);
  if (NOT_NAMES.has(words[0]!.toLowerCase())) return undefined;
  // A second word is part of the name only when written as one ("I'm Ana Lopez", not "my name is ana and ...").
  const kept = words.length > 1 && /^[A-ZÀ-Ö]/.test(words[1]!) && !NOT_NAMES.has(words[1]!.toLowerCase()) ? words : [words[0]!];
  return { name: kept.map(capitalize).join(' '), said: m[0].slice(0, m[0].length - m[1]!.length) + kept.join(' ') };
}

/** A name the person states ("My name is Victor", "I'm Ana Lopez"). */
export function findName(text: string): string | undefined {
  return (nameFrom(text.match(NAME_STATED)) ?? nameFrom(text.match(NAME_INTRODUCED)))?.name;
}

/** A bare answer to "May I have your name?" ("Victor", "it's Ana Lopez."). */
function nameAnswer(text: string): string | undefined {
  const said = findName(text) ?? nameFrom(text.match(NAME_ANSWERED))?.name;
  if (said) return said;
  const words = text
    .replace(GREETING_WORDS, '')
    .replace(/[^A-Za-zÀ-ÖØ-öø-ÿ'\s-]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 3 || NOT_NAMES.has(words[0]!.toLowerCase())) return undefined;
  return words.map(capitalize).join(' ');
}

/** What the message says beyond a greeting and the person's details: the reason, when there is one. */
export function findReason(text: string): string | undefined {
  let rest = text.replace(GREETING_WORDS, '');
  const name = nameFrom(rest.match(NAME_STATED)) ?? nameFrom(rest.match(NAME_INTRODUCED));
  if (name) rest = rest.replace(name.said, '');
  rest = rest.replace(EMAIL, '');
  for (const found of findPhoneNumbersInText(rest, { defaultCountry: DEFAULT_COUNTRY as CountryCode }))
    rest = rest.replace(rest.slice(found.startsAt, found.endsAt), '');
  rest = rest
    .replace(/\s+([.,!?])/g, '$1')
    .replace(/(^|[.!?]\s*)[.,!?]+/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(/^[,.;:!?\s-]+/, '');
  const words = rest.match(/[A-Za-zÀ-ÿ']+/g) ?? [];
  return words.length >= 3 ? capitalize(rest) : undefined;
}

/** A phone number the channel gives (a call's or a text's number), or null (a chat's username). */
export function phoneOf(address: string | null | undefined, country = DEFAULT_COUNTRY): string | null {
  if (!address || !/^\+?[\d\s().-]{7,}$/.test(address)) return null;
  const p = parsePhoneNumberFromString(address, country as CountryCode);
  return p?.isValid() ? p.number : null;
}

/** The field a message of the agent asked for (its last question), if any. */
function askedIn(text: string, fields: MessageField[]): MessageField | undefined {
  let best: { f: MessageField; at: number } | undefined;
  for (const f of fields) {
    for (const q of [QUESTIONS[f], REASK[f]]) {
      const at = q ? text.lastIndexOf(q) : -1;
      if (at >= 0 && (!best || at > best.at)) best = { f, at };
    }
  }
  return best?.f;
}

const filled = (f: MessageField, t: TakenMessage) =>
  f === 'contact' ? Boolean(t.phone || t.email) : f === 'reason' ? Boolean(t.reason) : Boolean(t[f as 'name' | 'phone' | 'email']);

/** Reads one message of the person into what was taken; `asked` is the question it answers. */
function absorb(t: TakenMessage, text: string, asked: MessageField | undefined, country: string): void {
  const phone = findPhone(text, country);
  const email = findEmail(text);
  if (phone && !t.phone) t.phone = phone;
  if (email && !t.email) t.email = email;
  if (asked === 'name' && !t.name) {
    t.name = nameAnswer(text);
  } else if (!t.name) {
    const n = findName(text);
    if (n) t.name = n;
  }
  if (!t.reason) {
    if (asked === 'reason') {
      const r = text.trim();
      if (r) t.reason = r;
    } else {
      const r = findReason(text);
      if (r) t.reason = r;
    }
  }
}

/** Drops a trailing question of the greeting ("How can I help you today?") when the agent asks its own. */
function greetingLead(greeting: string): string {
  const parts = greeting.trim().split(/(?<=[.!?])\s+/);
  while (parts.length > 1 && parts[parts.length - 1]!.trim().endsWith('?')) parts.pop();
  return parts.join(' ');
}

/** The agent's reply to the person's latest message (or its opening, with `message` empty and no history). */
export function takeMessageTurn(input: MessageTakerInput): MessageTakerTurn {
  const country = input.country ?? DEFAULT_COUNTRY;
  const fields = input.fields.length ? input.fields : (['name', 'contact', 'reason'] as MessageField[]);
  const business = input.businessName || 'the team';
  const taken: TakenMessage = {};
  if (input.knownPhone) taken.phone = input.knownPhone;

  // Replay the conversation: every answer is read against the question it followed.
  const turns = [...input.history, ...(input.message.trim() ? [{ role: 'user' as const, content: input.message }] : [])];
  let lastAsked: MessageField | undefined;
  let introduced = false;
  let alreadyPassedOn = false;
  const askedCount = new Map<MessageField, number>();
  for (const m of turns) {
    if (m.role === 'assistant') {
      lastAsked = askedIn(m.content, fields);
      if (lastAsked) askedCount.set(lastAsked, (askedCount.get(lastAsked) ?? 0) + 1);
      if (m.content.includes(INTRO(business))) introduced = true;
      if (m.content.includes(PASSED_ON)) alreadyPassedOn = true;
    } else {
      absorb(taken, m.content, lastAsked, country);
      lastAsked = undefined;
    }
  }

  if (alreadyPassedOn) return { text: AFTER(business), taken, handOff: false };

  // The next question: the first field not yet given, asked at most twice (a person who will not say stays free to go on).
  const next = fields.find((f) => !filled(f, taken) && (askedCount.get(f) ?? 0) < 2);
  const opening: string[] = [];
  const hasAssistant = input.history.some((m) => m.role === 'assistant');
  if (!hasAssistant) opening.push(next ? greetingLead(input.greeting) : input.greeting.trim());
  if (!introduced) opening.push(INTRO(business));
  if (next) {
    const again = (askedCount.get(next) ?? 0) > 0 && REASK[next];
    return { text: [...opening.filter(Boolean), again || QUESTIONS[next]].join(' '), taken, handOff: false };
  }
  const thanks = `Thank you${taken.name ? `, ${taken.name}` : ''}! ${PASSED_ON}, and a person from ${business} will get back to you soon.`;
  return { text: [...opening.filter(Boolean).slice(0, hasAssistant ? 0 : 1), thanks].join(' '), taken, handOff: true };
}
