import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  authQuery,
  linkPageResponse,
  linkStatsBody,
  linkStatsResponse,
  linktreeImportBody,
  linktreeImportResponse,
  saveLinksBody,
} from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import { FONT_FILES, linkPageNotFound } from './pages.ts';
import { createPageFastPath } from './fastPath.ts';
import { hostOf, publishedPage } from './public.ts';
import type { LinkpagesService } from './service.ts';
import { visitorOf } from './visitor.ts';

const tags = ['linkpages'];
const require = createRequire(import.meta.url);

/** The woff2 files the pages may load, by served name → path on disk (nothing else is served). */
function fontFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const { slug, weights } of Object.values(FONT_FILES)) {
    const dir = path.join(path.dirname(require.resolve(`@fontsource/${slug}/package.json`)), 'files');
    for (const w of weights) files.set(`${slug}-latin-${w}-normal.woff2`, path.join(dir, `${slug}-latin-${w}-normal.woff2`));
  }
  return files;
}

const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');

export function linkpagesRoutes(app: FastifyInstance, deps: Deps, pages: LinkpagesService) {
  const trustProxy = deps.config.trustProxy !== false;

  route(app, {
    method: 'GET',
    url: '/api/v1/account/links',
    summary: 'The acting account’s link page: links, settings, social links and its public address',
    tags,
    query: authQuery,
    response: linkPageResponse,
    handler: (req) => pages.get(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/account/links',
    summary: 'Replace the link page’s links (in order) and, when given, its settings (linksConfig)',
    tags,
    body: saveLinksBody,
    response: linkPageResponse,
    handler: (req) => pages.save(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/stats/links',
    summary: 'Views, clicks and click-through rate of the link page, per link and per UTC day, for [from, to)',
    tags,
    body: linkStatsBody,
    response: linkStatsResponse,
    handler: (req) => pages.stats(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/getLinktreeData',
    summary: 'Read a Linktree page (its embedded data): links, social links, picture and the closest bundled theme; saves nothing',
    tags,
    body: linktreeImportBody,
    response: linktreeImportResponse,
    handler: (req) => pages.importLinktree(authOf(req), req.body),
  });

  const page = { config: { auth: 'none' }, schema: { hide: true } } as const;
  const fast = createPageFastPath(pages, trustProxy);
  app.fastPaths.add(fast.handler);

  app.get(
    '/p/:username',
    {
      ...page,
      onSend: (_req, reply, payload, done) => {
        if (reply.statusCode === 200) fast.remember(reply.getHeaders());
        done(null, payload);
      },
    },
    async (req, reply) => {
      const { username } = req.params as { username: string };
      const found = await publishedPage(deps, pages, username, hostOf(req.headers.host));
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!found) return reply.status(404).send(linkPageNotFound(username));
      // Recorded in memory and written in a batch later: the page does not wait for it.
      pages.recorder.record({ accountId: found.accountId, kind: 'view', ...visitorOf(req.headers, queryOf(req.url), trustProxy) });
      reply.header('etag', found.etag);
      if (req.headers['if-none-match'] === found.etag) return reply.status(304).send();
      return reply.send(found.html);
    },
  );

  app.get('/p/:username/l/:linkId', page, async (req, reply) => {
    const { username, linkId } = req.params as { username: string; linkId: string };
    const found = await publishedPage(deps, pages, username, hostOf(req.headers.host));
    const url = found?.links.get(linkId);
    if (!found || !url) return reply.status(404).header('content-type', 'text/html; charset=utf-8').send(linkPageNotFound(username));
    pages.recorder.record({
      accountId: found.accountId,
      kind: 'click',
      linkId,
      ...visitorOf(req.headers, queryOf(req.url), trustProxy, `/p/${username}`),
    });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  const fonts = fontFiles();
  app.get('/p/fonts/:file', page, async (req, reply) => {
    const file = fonts.get((req.params as { file: string }).file);
    if (!file) return reply.status(404).send({ success: false, message: 'No such font.', code: 'not_found' });
    return reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
}
