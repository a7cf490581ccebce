import crypto from 'node:crypto';
import { displayName } from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { Deps } from '../../deps.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { anyAccountDisabled, findAccountByUsername, type AccountRow } from '../accounts/index.ts';
import { PAGE_TTL_MS, type BrandHost, type CachedPage } from './cache.ts';
import { linkPage, type PageModel } from './pages.ts';
import { storedConfig, storedLinks, themeOf, type LinkpagesService } from './service.ts';

/** Whether a link shows at `now` (on, and inside its window), and when that next changes. */
function visibleAt(l: { enabled: boolean; visibleFrom: number | null; visibleUntil: number | null }, now: number) {
  const shown = l.enabled && (l.visibleFrom == null || l.visibleFrom <= now) && (l.visibleUntil == null || now < l.visibleUntil);
  const changes = [l.visibleFrom, l.visibleUntil].filter((t): t is number => t != null && t > now);
  return { shown, nextChange: changes.length ? Math.min(...changes) : Infinity };
}

/** The talk-to-agent target: the agent named when it belongs to the same organization, else the page's own account. */
async function chatTarget(deps: Deps, row: AccountRow, agentUsername: string | null | undefined): Promise<string> {
  if (!agentUsername) return row.username;
  const agent = await findAccountByUsername(deps.db, agentUsername);
  const org = row.organization_id ?? row.id;
  return agent && agent.disabled_at == null && agent.organization_id === org ? agent.username : row.username;
}

async function buildPage(deps: Deps, row: AccountRow, now: number, brand: BrandHost | null): Promise<CachedPage> {
  const config = storedConfig(row);
  const base = `/p/${encodeURIComponent(row.username)}`;
  const links = storedLinks(row).map((l) => ({ l, v: visibleAt(l, now) }));
  const shown = links.filter((x) => x.v.shown).map((x) => x.l);
  const nextChange = Math.min(...links.map((x) => x.v.nextChange));
  const details = fromJson<Record<string, unknown>>(row.details, {});
  const name = displayName({
    accountType: row.account_type,
    details,
    name: row.name,
    accountName: row.account_name,
    username: row.username,
  });
  const extras: PageModel['extras'] = [];
  const ex = config.extras ?? {};
  if (ex.talkToAgent?.enabled) {
    extras.push({
      key: 'talkToAgent',
      label: 'Talk to our AI agent',
      href: `/chat/${encodeURIComponent(await chatTarget(deps, row, ex.talkToAgent.agentUsername))}`,
    });
  }
  const phone = ex.textUs?.enabled ? normalizePhone(ex.textUs.phoneNumber ?? row.vida_phone_number ?? row.phone_number ?? '') : null;
  if (phone) extras.push({ key: 'textUs', label: 'Text us', href: `sms:${phone}` });
  if (ex.booking?.enabled) {
    const type = ex.booking.meetingType ? `&type=${encodeURIComponent(ex.booking.meetingType)}` : '';
    extras.push({ key: 'booking', label: 'Book a meeting', href: `/schedule?host=${encodeURIComponent(row.username)}${type}` });
  }
  if (ex.pay?.enabled && ex.pay.url) extras.push({ key: 'pay', label: 'Pay', href: ex.pay.url });
  const title = config.title?.trim() || name;
  const html = linkPage({
    username: row.username,
    displayName: name,
    title,
    description: config.description?.trim() || `${name}: links, chat and contact.`,
    image: row.profile_image ?? (typeof details.image === 'string' ? details.image : null),
    canonicalUrl: `${brand ? `https://${brand.domain}` : deps.config.publicUrl}${base}`,
    theme: themeOf(config),
    links: shown.map((l) => ({ href: `${base}/l/${encodeURIComponent(l.id)}`, title: l.title, thumbnail: l.thumbnail })),
    socials: fromJson<{ type: string; url: string }[]>(row.social_links, []),
    socialPosition: row.social_links_position === 'top' ? 'top' : 'bottom',
    extras,
  });
  return {
    accountId: row.id,
    html,
    body: Buffer.from(html),
    etag: `"${crypto.createHash('sha1').update(html).digest('base64url')}"`,
    links: new Map(shown.map((l) => [l.id, l.url])),
    expiresAt: Math.min(now + PAGE_TTL_MS, nextChange),
  };
}

/** The Host a request named, lower-case and without its port ('' when absent). */
export function hostOf(host: string | undefined): string {
  return (host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
}

/**
 * The published page of a username as shown on `host` (the product's host, or a brand's domain, which
 * shows only the pages of accounts under that brand), from the cache or built now; null when there is
 * none (unknown, deleted, not published, another brand's, or the account or one above it is disabled).
 */
export async function publishedPage(deps: Deps, pages: LinkpagesService, username: string, host = ''): Promise<CachedPage | null> {
  const brand = host ? await pages.brandHosts.get(host) : null;
  const cached = pages.cache.get(username, brand?.domain);
  if (cached) return cached;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(username)) return null;
  const row = await findAccountByUsername(deps.db, username);
  if (!row || !storedConfig(row).published) return null;
  const chain = [row.id, row.organization_id, row.reseller_id, row.partner_id].filter((id): id is number => id != null);
  if (brand && !chain.includes(brand.accountId)) return null;
  if (await anyAccountDisabled(deps.db, chain)) return null;
  const page = await buildPage(deps, row, Date.now(), brand);
  pages.cache.set(username, page, brand?.domain);
  return page;
}
