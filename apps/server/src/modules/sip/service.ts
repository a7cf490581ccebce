import type { Deps } from '../../deps.ts';
import { conflict, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import { ha1 } from '../../platform/sip/digest.ts';
import type { AuthContext } from '../auth/index.ts';
import { toRegistration, toRoute, toWhitelistEntry } from './mappers.ts';
import { sipRepository } from './repository.ts';
import type { SipTrunk } from './trunk.ts';

/** SIP settings belong to the organization (an agent account acts for its organization). */
const orgOf = (ctx: AuthContext): number => ctx.acting.organization_id ?? ctx.acting.id;

/** Spec §7 SIP: /api/v2/sip/ipWhitelist, /outboundRoutes, /registration (GET, POST, DELETE each). */
export function createSipService(deps: Deps, trunk: SipTrunk) {
  const { db } = deps;
  const box = () => secretBoxFor(deps.config);

  return {
    trunk,

    async whitelist(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, ipWhitelist: (await sipRepository.whitelist(db, orgOf(ctx))).map(toWhitelistEntry) };
    },

    async addWhitelist(ctx: AuthContext, input: { ip: string; label: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const accountId = orgOf(ctx);
      if (await sipRepository.findWhitelist(db, accountId, input.ip)) throw conflict('That address is already on the list.', 'ip');
      const row = await sipRepository.addWhitelist(db, { account_id: accountId, ip: input.ip, label: input.label, created_at: Date.now() });
      return { success: true as const, entry: toWhitelistEntry(row) };
    },

    async removeWhitelist(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (!(await sipRepository.remove(db, 'sip_whitelist', orgOf(ctx), id))) throw notFound('Whitelist entry not found.');
      return { success: true as const };
    },

    async routes(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, outboundRoutes: (await sipRepository.routes(db, orgOf(ctx))).map(toRoute) };
    },

    async addRoute(
      ctx: AuthContext,
      input: { prefix: string; gateway: string; transport: 'udp' | 'tcp'; username?: string; password?: string },
    ) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const accountId = orgOf(ctx);
      const prefix = input.prefix.replace(/^\+/, '');
      if (await sipRepository.findRoute(db, accountId, prefix))
        throw conflict('A route for that prefix exists; delete it first.', 'prefix');
      const row = await sipRepository.addRoute(db, {
        account_id: accountId,
        prefix,
        gateway: input.gateway,
        transport: input.transport,
        username: input.username || null,
        secret: input.password ? box().seal(input.password) : null,
        created_at: Date.now(),
      });
      return { success: true as const, route: toRoute(row) };
    },

    async removeRoute(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (!(await sipRepository.remove(db, 'sip_routes', orgOf(ctx), id))) throw notFound('Route not found.');
      return { success: true as const };
    },

    async registrations(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const rows = await sipRepository.registrations(db, orgOf(ctx));
      return { success: true as const, registrations: rows.map((r) => toRegistration(r)), endpoint: trunk.info() };
    },

    async addRegistration(
      ctx: AuthContext,
      input: {
        kind: 'provider' | 'pbx';
        server?: string;
        transport: 'udp' | 'tcp';
        domain?: string;
        username: string;
        password: string;
        expires: number;
      },
    ) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const now = Date.now();
      const provider = input.kind === 'provider';
      if (provider && !input.server) throw ruleBroken('server: Name the SIP provider to register to.', 'server');
      if (!provider && (await sipRepository.byRegistrarUser(db, input.username)))
        throw conflict('That username is taken on our registrar; choose another.', 'username');
      const row = await sipRepository.addRegistration(db, {
        account_id: orgOf(ctx),
        kind: input.kind,
        server: provider ? input.server! : null,
        transport: input.transport,
        domain: provider ? (input.domain ?? input.server!.split(':')[0]!) : null,
        username: input.username,
        registrar_user: provider ? null : input.username,
        // Ours to answer challenges with (sealed), or theirs to check (HA1 only).
        secret: provider ? box().seal(input.password) : ha1(input.username, deps.config.SIP_REALM, input.password),
        expires: input.expires,
        state: provider ? 'registering' : 'unregistered',
        error: null,
        expires_at: null,
        contact: null,
        source_ip: null,
        created_at: now,
        updated_at: now,
      });
      if (provider) trunk.startRegistration(row);
      return { success: true as const, registration: toRegistration(row) };
    },

    async removeRegistration(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await sipRepository.registration(db, id);
      if (!row || row.account_id !== orgOf(ctx)) throw notFound('Registration not found.');
      await sipRepository.remove(db, 'sip_registrations', row.account_id, id);
      trunk.stopRegistration(id, row.kind === 'provider');
      return { success: true as const };
    },
  };
}

export type SipService = ReturnType<typeof createSipService>;
