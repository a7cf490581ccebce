import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts on embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, databaseKind: 'sqlite', publicUrl: 'http://localhost:3000', SUPER_ADMIN_EMAILS: [] });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('selects PostgreSQL with a postgres:// DATABASE_URL and reads the super admin list', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SUPER_ADMIN_EMAILS: ' A@x.test, b@y.test ' });
    expect(c.databaseKind).toBe('postgres');
    expect(c.SUPER_ADMIN_EMAILS).toEqual(['a@x.test', 'b@y.test']);
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT:/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
