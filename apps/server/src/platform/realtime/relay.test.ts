import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RedisRelay } from './relay.ts';

describe('the Redis call relay when Redis cannot be reached', () => {
  it('refuses to listen after its timeout instead of waiting for Redis to come back, and publishing does not throw', async () => {
    // Nothing listens on port 1: ioredis keeps reconnecting and would queue the SUBSCRIBE until then.
    const relay = new RedisRelay('redis://127.0.0.1:1', 'test', pino({ level: 'silent' }), 300);
    try {
      const started = Date.now();
      await expect(relay.listen('CA1', 'out', () => undefined)).rejects.toThrow(/did not answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(() => relay.publish('CA1', 'in', 'hello')).not.toThrow();
    } finally {
      await relay.close();
    }
  });
});
