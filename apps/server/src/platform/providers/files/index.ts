import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  key: string;
  url: string;
}

export interface FilesProvider {
  readonly kind: 'local';
  put(prefix: string, data: Buffer, extension: string): Promise<StoredFile>;
  get(key: string): Promise<Buffer | null>;
  /** Removes a file (retention); a missing one is fine. */
  delete(key: string): Promise<void>;
}

/** Files on local disk under DATA_DIR/files, served at /files/{key}. */
export class LocalFiles implements FilesProvider {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  async put(prefix: string, data: Buffer, extension: string): Promise<StoredFile> {
    const key = `${prefix}-${crypto.randomBytes(12).toString('hex')}.${extension}`;
    await fs.mkdir(this.root, { recursive: true });
    // Write then rename so a crash never leaves half a file under the final name.
    const tmp = path.join(this.root, `.${key}.tmp`);
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, path.join(this.root, key));
    return { key, url: `/files/${key}` };
  }

  async delete(key: string): Promise<void> {
    if (!/^[a-z0-9-]+\.[a-z0-9]+$/i.test(key)) return;
    await fs.rm(path.join(this.root, key), { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    if (!/^[a-z0-9-]+\.[a-z0-9]+$/i.test(key)) return null;
    try {
      return await fs.readFile(path.join(this.root, key));
    } catch {
      return null;
    }
  }
}

/** Recognises an image by its first bytes (never trust the declared type). */
export function sniffImage(data: Buffer): { mime: string; extension: string } | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  if (data.length >= 6 && (data.subarray(0, 6).toString('ascii') === 'GIF87a' || data.subarray(0, 6).toString('ascii') === 'GIF89a')) {
    return { mime: 'image/gif', extension: 'gif' };
  }
  if (data.length >= 12 && data.subarray(0, 4).toString('ascii') === 'RIFF' && data.subarray(8, 12).toString('ascii') === 'WEBP') {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}
