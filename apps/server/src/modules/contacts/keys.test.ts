import { describe, expect, it } from 'vitest';
import { keyOf } from './keys.ts';

describe('keyOf', () => {
  it('keys numbers in any format to one E.164 key and addresses to lower case, the same when asked again', () => {
    for (let round = 0; round < 2; round++) {
      expect(keyOf('+1 (415) 555-2671')).toBe('tel:+14155552671');
      expect(keyOf('+14155552671')).toBe('tel:+14155552671');
      expect(keyOf(' Ana@Example.COM ')).toBe('email:ana@example.com');
      // A chat visitor's name, a short code and a broken address are no contact's key.
      expect(keyOf('visitor-4821')).toBeNull();
      expect(keyOf('12')).toBeNull();
      expect(keyOf('ana@')).toBeNull();
    }
  });
});
