import { describe, expect, it } from 'vitest';
import { statusText } from './statusText.ts';

describe('statusText', () => {
  it('reads a status code as a sentence-case phrase', () => {
    expect(statusText('in-progress')).toBe('In progress');
    expect(statusText('no_answer')).toBe('No answer');
    expect(statusText('completed')).toBe('Completed');
    expect(statusText(null)).toBe('');
  });
});
