import { describe, expect, it } from 'vitest';
import { findEmail, findName, findPhone, findReason, phoneOf, QUESTIONS, takeMessageTurn, type MessageTakerInput } from './messageTaker.ts';

const base: Omit<MessageTakerInput, 'history' | 'message'> = {
  fields: ['name', 'contact', 'reason'],
  greeting: 'Hello, thanks for contacting Bright Smiles! How can I help you today?',
  businessName: 'Bright Smiles',
};

/** Plays a conversation: each person's line gets the taker's reply; returns the replies and the last turn. */
function play(lines: string[], extra: Partial<MessageTakerInput> = {}) {
  const history: MessageTakerInput['history'] = [];
  const replies: string[] = [];
  let last;
  for (const message of lines) {
    last = takeMessageTurn({ ...base, ...extra, history: [...history], message });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: last.text });
    replies.push(last.text);
  }
  return { replies, last: last! };
}

describe('extraction', () => {
  it.each([
    ['My name is Victor.', 'Victor'],
    ['my name is victor', 'Victor'],
    ["Hi, I'm Ana Lopez and I need a cleaning", 'Ana Lopez'],
    ['This is Sam calling about my bill', 'Sam'],
    ["I'm worried about my tooth", undefined],
    ['I am calling about an appointment', undefined],
    ['Can someone call me tomorrow?', undefined],
    ['It is urgent', undefined],
  ])('the name in %j is %j', (text, name) => {
    expect(findName(text)).toBe(name);
  });

  it.each([
    ['call me at (415) 555-2671 please', '+14155552671'],
    ['my number is +44 20 7946 0958', '+442079460958'],
    ['four one five: 4 1 5 5 5 5 2 6 7 1', '+14155552671'],
    ['I have 3 teeth and 2 kids', undefined],
  ])('the phone number in %j is %j', (text, phone) => {
    expect(findPhone(text)).toBe(phone);
  });

  it('finds e-mails, reasons and the channel’s phone number', () => {
    expect(findEmail('write to Victor.Hugo@Example.com, thanks')).toBe('victor.hugo@example.com');
    expect(findEmail('no address here')).toBeUndefined();
    expect(findReason('Hi, I have a toothache, can someone call me? My name is Victor.')).toBe('I have a toothache, can someone call me?');
    expect(findReason('Hello!')).toBeUndefined();
    expect(findReason('My name is Victor')).toBeUndefined();
    expect(phoneOf('+14155552671')).toBe('+14155552671');
    expect(phoneOf('visitor_42')).toBeNull();
  });
});

describe('taking a message', () => {
  it('greets, skips what the visitor said, asks the rest one question at a time, thanks and hands off', () => {
    const { replies, last } = play(['Hi, I have a toothache, can someone call me? My name is Victor.', 'Sure, it is 415 555 2671']);
    // The greeting (its own question dropped), the promise of a person, then the one missing field.
    expect(replies[0]).toBe(
      `Hello, thanks for contacting Bright Smiles! I can take a message, and a person from Bright Smiles will get back to you. ${QUESTIONS.contact}`,
    );
    expect(replies[1]).toBe('Thank you, Victor! I have passed your message on, and a person from Bright Smiles will get back to you soon.');
    expect(last).toMatchObject({
      handOff: true,
      taken: { name: 'Victor', phone: '+14155552671', reason: 'I have a toothache, can someone call me?' },
    });
  });

  it('asks each field in the order of the settings', () => {
    const { replies, last } = play(['Hello', 'ana', 'ana@example.com', 'I would like to move my cleaning to next week']);
    expect(replies[0]).toContain(QUESTIONS.name);
    expect(replies[1]).toBe(QUESTIONS.contact);
    expect(replies[2]).toBe(QUESTIONS.reason);
    expect(last.handOff).toBe(true);
    expect(last.taken).toEqual({ name: 'Ana', email: 'ana@example.com', reason: 'I would like to move my cleaning to next week' });
  });

  it('asks again once for a contact it did not catch, then goes on', () => {
    const { replies, last } = play(['Hello, my name is Bo', 'no thanks', 'still no', 'my tooth hurts a lot']);
    expect(replies[1]).toMatch(/did not catch a phone number or e-mail/);
    expect(replies[2]).toBe(QUESTIONS.reason);
    expect(last).toMatchObject({ handOff: true, taken: { name: 'Bo', reason: 'my tooth hurts a lot' } });
  });

  it('knows a caller’s number, opens a call with its first question, and hands off only once', () => {
    const opening = takeMessageTurn({ ...base, history: [], message: '', knownPhone: '+14155552671' });
    expect(opening.text).toBe(
      `Hello, thanks for contacting Bright Smiles! I can take a message, and a person from Bright Smiles will get back to you. ${QUESTIONS.name}`,
    );
    const history: MessageTakerInput['history'] = [{ role: 'assistant', content: opening.text }];
    const a = takeMessageTurn({ ...base, history, message: 'Victor', knownPhone: '+14155552671' });
    expect(a.text).toBe(QUESTIONS.reason);
    history.push({ role: 'user' as const, content: 'Victor' }, { role: 'assistant', content: a.text });
    const b = takeMessageTurn({ ...base, history, message: 'I need to reschedule my visit', knownPhone: '+14155552671' });
    expect(b).toMatchObject({ handOff: true, taken: { name: 'Victor', phone: '+14155552671', reason: 'I need to reschedule my visit' } });
    history.push({ role: 'user' as const, content: 'I need to reschedule my visit' }, { role: 'assistant', content: b.text });
    const c = takeMessageTurn({ ...base, history, message: 'oh and it is urgent', knownPhone: '+14155552671' });
    expect(c.handOff).toBe(false);
    expect(c.text).toMatch(/added that to your message/);
  });

  it('asks only what the settings name', () => {
    const { replies, last } = play(['hey there'], { fields: ['reason'] });
    expect(replies[0]).toContain(QUESTIONS.reason);
    expect(replies[0]).not.toContain(QUESTIONS.name);
    expect(last.handOff).toBe(false);
  });
});
