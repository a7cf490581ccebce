/** The agent's reply as sentences: how it is split for speech, and how much of it the caller heard. */

/** One sentence being spoken. */
export interface Segment {
  text: string;
  /** Frames queued so far (a streaming engine adds more as its audio arrives). */
  frames: number;
  sent: number;
  /** All of the sentence's audio has been queued. */
  done: boolean;
}

/** The words of each sentence in proportion to the frames of it that were sent. */
export function heardText(segments: Segment[]): string {
  const parts: string[] = [];
  for (const s of segments) {
    if (s.sent === 0 || s.frames === 0) break;
    if (s.done && s.sent >= s.frames) {
      parts.push(s.text);
      continue;
    }
    const words = s.text.split(/\s+/);
    // A sentence still streaming: its length is not known yet, so estimate it (about 65 ms a character).
    const total = s.done ? s.frames : Math.max(s.frames + 1, Math.round(s.text.length * 3.3));
    const n = Math.floor((words.length * s.sent) / total);
    if (n > 0) parts.push(words.slice(0, n).join(' '));
    break;
  }
  return parts.join(' ');
}

/** Whole sentences (ending in . ! ? or a newline) and the unfinished rest. */
export function splitSentences(text: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  const re = /[^.!?\n]*[.!?]+(?=\s)|[^\n]*\n/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const s = m[0].trim();
    if (s) sentences.push(s);
    last = re.lastIndex;
  }
  return { sentences, rest: text.slice(last) };
}

/** One value as an async iterable. */
export async function* once<T>(value: T): AsyncIterable<T> {
  yield value;
}

/** Words after which a sentence is not finished (the caller paused mid-thought). */
const TRAILING = new Set(
  "a an the and or but so because if to of for with in on at by from about as than then my your our their his her its this that is are was were be will would can could should i im i'm we you they he she it um uh er ah like well just also".split(
    ' ',
  ),
);

/**
 * Whether a partial transcript reads as a complete sentence: it ends in . ? or !, or (engines without
 * punctuation) has two words or more and does not end on a word that leads into more (and, the, to, um…).
 */
export function looksComplete(text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (/[.?!]["')\]]*$/.test(t)) return true;
  const words = t.toLowerCase().split(/\s+/);
  if (words.length < 2) return false;
  return !TRAILING.has(words[words.length - 1]!.replace(/[^a-z']/g, ''));
}

/**
 * The first sentence of a reply as the parts it is spoken in: a long one (12 words or more) is cut at
 * its first comma, semicolon or colon after the third word, so the first part's speech is made (and
 * heard) sooner while the rest is made behind it.
 */
export function firstChunks(sentence: string): string[] {
  const words = sentence.split(/\s+/);
  if (words.length < 12) return [sentence];
  for (let i = 3; i < words.length - 3; i++) {
    if (/[,;:]$/.test(words[i]!)) return [words.slice(0, i + 1).join(' '), words.slice(i + 1).join(' ')];
  }
  return [sentence];
}
