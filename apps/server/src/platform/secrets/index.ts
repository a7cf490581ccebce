import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (integration credentials, webhook signing secrets): AES-256-GCM with a 256-bit key.
 * The key comes from SECRETS_KEY (64 hex characters or 44 base64 characters); without it, a key is
 * generated once into DATA_DIR/secrets.key (mode 0600) and read from there afterwards. Losing the key
 * loses the stored secrets (they must be entered again); it is never written to the database.
 *
 * A sealed value reads `v1:<iv>:<tag>:<ciphertext>` (base64url), so a later key or scheme can be told apart.
 */
export class SecretsError extends Error {}

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed hash (HMAC-SHA256, hex) for values stored only to be matched (visitors' addresses). */
  digest(text: string): string;
}

function parseKey(raw: string): Buffer {
  const t = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new SecretsError('SECRETS_KEY must be 32 bytes: 64 hex characters or 44 base64 characters');
  return key;
}

function localKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets.key');
  try {
    return parseKey(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseKey(fs.readFileSync(file, 'utf8'));
}

export function createSecretBox(key: Buffer): SecretBox {
  const hashKey = crypto.createHmac('sha256', key).update('digest').digest();
  return {
    digest(text) {
      return crypto.createHmac('sha256', hashKey).update(text).digest('hex');
    },
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new SecretsError('not a sealed secret');
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretsError('the secret cannot be opened with this key (was SECRETS_KEY changed?)');
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();

/** The process's box for a configuration (SECRETS_KEY, else the key file in the data directory). */
export function secretBoxFor(config: { SECRETS_KEY?: string | undefined; dataDir: string }): SecretBox {
  const id = config.SECRETS_KEY ? `env:${crypto.createHash('sha256').update(config.SECRETS_KEY).digest('hex')}` : `dir:${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(config.SECRETS_KEY ? parseKey(config.SECRETS_KEY) : localKey(config.dataDir));
    boxes.set(id, box);
  }
  return box;
}
