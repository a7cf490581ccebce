import { DEFAULT_VERSION_SOURCE, normalizeApps, type CampaignPatch } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { normalizeCampaign, putCampaign, type Copy } from '../agents/index.ts';
import type { AgentsService } from '../agents/index.ts';
import { versionsRepository } from './repository.ts';

/** Agent versions (spec §4 Agent): create from a copy, replace with a snapshot, rename, restore to a copy. */
export function createVersionsService(deps: Deps, agents: AgentsService) {
  const { db } = deps;

  async function mustGet(ctx: AuthContext, versionId: number) {
    const v = await versionsRepository.get(db, ctx.acting.id, versionId);
    if (!v) throw notFound('Version not found.');
    return v;
  }

  return {
    async list(ctx: AuthContext, includeData: boolean) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, versions: await versionsRepository.list(db, ctx.acting.id, includeData) };
    },

    async create(ctx: AuthContext, input: { title?: string; source?: Copy }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const source: Copy = input.source ?? (DEFAULT_VERSION_SOURCE as Copy);
      const data = await agents.data(ctx.acting, source);
      const title = input.title?.trim() || `Version of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      const id = await versionsRepository.insert(db, ctx.acting.id, title, source, data, ctx.user.id);
      return { success: true as const, version: (await versionsRepository.get(db, ctx.acting.id, id))! };
    },

    async replace(ctx: AuthContext, versionId: number, snapshot: CampaignPatch & Record<string, unknown>) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const v = await mustGet(ctx, versionId);
      const next = normalizeCampaign({ ...v.snapshot, ...snapshot, apps: normalizeApps(snapshot.apps ?? v.snapshot?.apps) } as never);
      await versionsRepository.update(db, ctx.acting.id, versionId, { snapshot: next, source: 'snapshot' });
      return { success: true as const, version: (await versionsRepository.get(db, ctx.acting.id, versionId))! };
    },

    async restore(ctx: AuthContext, versionId: number, target: Copy) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const v = await mustGet(ctx, versionId);
      const data = { ...v.snapshot!, published: target === 'default' };
      await putCampaign(db, ctx.acting.id, target, data, ctx.user.id);
      return { success: true as const, campaign: await agents.present(ctx.acting, target) };
    },

    async rename(ctx: AuthContext, versionId: number, title: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      await mustGet(ctx, versionId);
      await versionsRepository.update(db, ctx.acting.id, versionId, { title: title.trim() });
      return { success: true as const, version: (await versionsRepository.get(db, ctx.acting.id, versionId))! };
    },
  };
}
