import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/** Room for the multipart framing (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads the one file of a multipart upload, refusing more than `maxBytes` with a 413 before anything is
 * stored: at once when the declared length is already too large, else as soon as the stream passes the
 * limit. A truncated file is never handed on (the multipart parser cuts files at its limit and only
 * marks them truncated).
 */
export async function readUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; field?: string; tooLarge: string },
): Promise<{ data: Buffer; filename: string }> {
  const field = opts.field ?? 'file';
  const tooLarge = () => new AppError('too_large', opts.tooLarge, field);
  if (!req.isMultipart()) throw badRequest(`${field}: send the file as multipart/form-data`, field);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  // A body cut short (no closing boundary, a part without its headers) fails in the parser: that is the
  // client's input, so a 400 naming the field, never a 500.
  const cutShort = () => badRequest(`${field}: the upload is incomplete (the multipart body was cut short or malformed)`, field);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw cutShort();
  }
  if (!file) throw badRequest(`${field}: no file was uploaded`, field);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw cutShort();
  }
  if (file.file.truncated || data.length > opts.maxBytes) throw tooLarge();
  return { data, filename: file.filename };
}

/** The types /files serves, by extension; anything else is a download. */
const SERVED_TYPES: Record<string, { type: string; inline: boolean }> = {
  png: { type: 'image/png', inline: true },
  jpg: { type: 'image/jpeg', inline: true },
  gif: { type: 'image/gif', inline: true },
  webp: { type: 'image/webp', inline: true },
  pdf: { type: 'application/pdf', inline: true },
  txt: { type: 'text/plain; charset=utf-8', inline: true },
};

/**
 * Headers for serving a stored file (keys are `[a-z0-9-]+.ext`, made by the server): its real type, no
 * sniffing, and a Content-Disposition that opens images and PDFs in place and downloads anything else.
 */
export function fileHeaders(key: string): Record<string, string> {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  const known = SERVED_TYPES[ext];
  const safeName = key.replace(/[^a-z0-9.-]/gi, '_');
  return {
    'content-type': known?.type ?? 'application/octet-stream',
    'content-disposition': `${known?.inline ? 'inline' : 'attachment'}; filename="${safeName}"`,
    'x-content-type-options': 'nosniff',
  };
}
