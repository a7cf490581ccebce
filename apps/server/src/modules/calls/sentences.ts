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
