import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findAccount, findAccountByUsername } from '../accounts/index.ts';
import { authOf } from '../auth/index.ts';
import { fromJson, isSet } from '../../platform/db/columns.ts';
import { allowFraming } from '../../platform/http/security.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { sniffImage } from '../../platform/providers/files/index.ts';
import type { Services } from '../../services.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { chatNotFoundPage, chatPage, phonePage, widgetScript } from './pages.ts';

/** Media a chat message may carry: images and PDFs, recognised by their first bytes, and plain text files. */
const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/** A .txt file's bytes are text: valid UTF-8 without control characters other than tab, line breaks and form feed. */
function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function sniffMedia(data: Buffer, filename: string): { mime: string; extension: string } | null {
  const image = sniffImage(data);
  if (image) return image;
  if (data.length >= 5 && data.subarray(0, 5).toString('ascii') === '%PDF-') return { mime: 'application/pdf', extension: 'pdf' };
  if (/\.txt$/i.test(filename) && isPlainText(data)) return { mime: 'text/plain', extension: 'txt' };
  return null;
}

/** Other sites may frame a chat page when its account or that account's organization allows embeds. */
async function embedsAllowed(s: Services, username: string): Promise<boolean> {
  const account = await findAccountByUsername(s.deps.db, username);
  if (!account) return false;
  const org =
    account.organization_id && account.organization_id !== account.id ? await findAccount(s.deps.db, account.organization_id) : null;
  return [account, org].some((a) => a != null && isSet(fromJson<{ allowEmbeds?: unknown }>(a.settings, {}).allowEmbeds));
}

export function chatRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/chat/media',
    summary: 'Upload a chat attachment (multipart: image, PDF or .txt text file, 5 MB at most)',
    tags: ['conversations'],
    upload: 'file',
    handler: async (req) => {
      authOf(req);
      const { data, filename } = await readUpload(req, { maxBytes: MEDIA_MAX_BYTES, tooLarge: 'That file is too large (5 MB at most).' });
      if (data.length === 0) throw badRequest('Please choose a file.', 'file');
      const kind = sniffMedia(data, filename);
      if (!kind) throw badRequest('Only images (PNG, JPEG, GIF, WebP), PDFs and text files (.txt) can be sent.', 'file');
      const stored = await s.deps.files.put('media', data, kind.extension);
      return { success: true as const, url: stored.url, type: kind.mime, size: data.length, name: filename };
    },
  });

  app.get('/chat/:username', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    const { username } = req.params as { username: string };
    const q = req.query as { embed?: string };
    try {
      const p = await s.inbox.conversations.publicTarget(username);
      if (q.embed === '1' && (await embedsAllowed(s, username))) allowFraming(reply);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(chatPage({ username: p.username, displayName: p.displayName, embed: q.embed === '1' }));
    } catch {
      return reply.status(404).header('content-type', 'text/html; charset=utf-8').send(chatNotFoundPage(username));
    }
  });

  app.get('/widget.js', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(widgetScript(s.deps.config.publicUrl)),
  );

  app.get('/dev/phone', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    if (!(s.deps.carrier instanceof LocalCarrier)) throw notFound('The simulated carrier is not active.');
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(phonePage());
  });

  route(app, {
    method: 'GET',
    url: '/api/dev/carrier/messages',
    summary: 'Simulated carrier: every SMS to or from one phone, newest first',
    tags: ['dev'],
    auth: 'none',
    query: z.object({ number: z.string().min(3).max(32) }),
    handler: async (req) => {
      const carrier = s.deps.carrier;
      if (!(carrier instanceof LocalCarrier)) throw notFound('The simulated carrier is not active.');
      const number = normalizePhone(req.query.number) ?? req.query.number;
      const [inbound, outbound] = await Promise.all([carrier.list('inbound', { number }), carrier.list('outbound', { number })]);
      const messages = [...inbound, ...outbound].sort((a, b) => b.createdAt - a.createdAt || (a.sid < b.sid ? 1 : -1));
      return { success: true as const, messages };
    },
  });
}
