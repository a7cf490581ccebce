import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretBoxFor, SecretsError } from './index.ts';

describe('secrets at rest', () => {
  it('seals with AES-256-GCM: a new IV each time, opens only with the same key, refuses a changed byte', () => {
    const box = createSecretBox(crypto.randomBytes(32));
    const a = box.seal('xoxb-123');
    expect(a).not.toContain('xoxb');
    expect(box.seal('xoxb-123')).not.toBe(a);
    expect(box.open(a)).toBe('xoxb-123');
    expect(() => createSecretBox(crypto.randomBytes(32)).open(a)).toThrow(SecretsError);
    const parts = a.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(SecretsError);
  });

  it('generates a local key once into DATA_DIR with mode 0600, and prefers SECRETS_KEY', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-secrets-'));
    const sealed = secretBoxFor({ dataDir: dir }).seal('s');
    const file = path.join(dir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(createSecretBox(Buffer.from(key, 'hex')).open(sealed)).toBe('s');
    const fromEnv = secretBoxFor({ dataDir: dir, SECRETS_KEY: key });
    expect(fromEnv.open(sealed)).toBe('s');
    expect(() => secretBoxFor({ dataDir: dir, SECRETS_KEY: 'short' })).toThrow('SECRETS_KEY');
  });
});
