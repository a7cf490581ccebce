import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** Uploads over real HTTP: the limit holds before anything is stored, and files come back as what they are. */
const MB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let base: string;
let org: Session;
const stored = () => (fs.existsSync(path.join(t.dataDir, 'files')) ? fs.readdirSync(path.join(t.dataDir, 'files')) : []);

function form(data: Buffer, name: string, type: string): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return f;
}

/** The same multipart body sent without a length (chunked), so only the streaming limit can stop it. */
async function chunked(url: string, body: FormData): Promise<Response> {
  const req = new Request(url, { method: 'POST', body });
  const stream = req.body!;
  return fetch(url, {
    method: 'POST',
    body: stream,
    headers: { 'content-type': req.headers.get('content-type')! },
    duplex: 'half',
  } as RequestInit);
}

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  org = await t.signUp('owner@uploads.test', { businessName: 'Uploads Co' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('uploads', () => {
  const routes = () => [
    `${base}/api/v1/chat/media?token=${org.token}`,
    `${base}/api/v1/profile/dp?token=${org.token}&targetAccountId=${org.id}`,
  ];

  it('answers 413 to a file over 5 MB, with or without a declared length, and stores nothing', async () => {
    const before = stored().length;
    for (const url of routes()) {
      for (const size of [6 * MB, 50 * MB]) {
        const res = await fetch(url, { method: 'POST', body: form(png(size), 'big.png', 'image/png') }).catch((err: Error) => err);
        // A 50 MB body may be cut off once the answer is sent; when an answer arrives it is the 413.
        if (res instanceof Error) continue;
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ success: false, code: 'too_large', field: 'file' });
      }
      const streamed = await chunked(url, form(png(6 * MB), 'big.png', 'image/png'));
      expect(streamed.status).toBe(413);
      expect((await streamed.json()).message).toMatch(/5 MB/);
    }
    expect(stored().length).toBe(before);
  }, 60_000); // 112 MB of bodies in all: seconds on a quiet machine, more on a loaded one

  it('takes a file of exactly 5 MB whole', async () => {
    const res = await fetch(routes()[0]!, { method: 'POST', body: form(png(5 * MB), 'edge.png', 'image/png') });
    expect(res.status).toBe(200);
    const body = await res.json();
    const file = await fetch(`${base}${body.url}`);
    expect((await file.arrayBuffer()).byteLength).toBe(5 * MB);
  }, 60_000);

  it('serves files with their real type, nosniff and an inline Content-Disposition (a PDF opens in place)', async () => {
    const up = await fetch(routes()[0]!, { method: 'POST', body: form(pdf, 'menu.pdf', 'application/octet-stream') });
    expect(up.status).toBe(200);
    const { url, type } = await up.json();
    expect(type).toBe('application/pdf');
    const res = await fetch(`${base}${url}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="media-[a-f0-9]+\.pdf"$/);
    const image = await fetch(routes()[0]!, { method: 'POST', body: form(png(100), 'a.png', 'text/html') });
    const served = await fetch(`${base}${(await image.json()).url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('answers 400 naming the field to a multipart body cut short (no closing boundary), and stores nothing', async () => {
    const before = stored().length;
    const boundary = 'cutshort';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies = [
      Buffer.concat([Buffer.from(head), png(100)]), // the file, then nothing
      Buffer.from(head.slice(0, 30)), // cut inside the part's headers
      Buffer.from(`--${boundary}`), // only the first boundary
    ];
    for (const url of routes()) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: url.slice(base.length),
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ success: false, field: 'file' });
      }
    }
    expect(stored().length).toBe(before);
  });
});
