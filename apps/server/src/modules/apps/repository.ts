import type { AppDefinition } from '@switchboard/core';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { AgentRequestsTable } from './tables.ts';
import { connectedIntegrations, mcpApps } from '../integrations/index.ts';
import { BUILTIN_APPS, builtinApp, INTEGRATION_APPS } from './builtins.ts';
import { isSecretParam } from './secrets.ts';

/** Apps an account installed or configured: custom apps in full, built-ins as their parameter values. */
export const appsRepository = {
  /** Apps saved before their secret values were sealed. */
  async unsealed(db: DbOrTx, limit: number): Promise<{ id: number; app: unknown }[]> {
    return db.selectFrom('agent_apps').select(['id', 'app']).where('secrets_sealed', '=', 0).limit(limit).execute();
  },
  /** Stores an app with its secrets sealed, once (a concurrent start's sealing wins). */
  async markSealed(db: DbOrTx, id: number, app: string): Promise<void> {
    await db.updateTable('agent_apps').set({ app, secrets_sealed: 1 }).where('id', '=', id).where('secrets_sealed', '=', 0).execute();
  },
  async list(db: DbOrTx, accountId: number): Promise<AppDefinition[]> {
    const rows = await db.selectFrom('agent_apps').select(['app']).where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map((r) => fromJson<AppDefinition>(r.app, null as never));
  },

  async get(db: DbOrTx, accountId: number, appId: string, version: string): Promise<AppDefinition | undefined> {
    const row = await db
      .selectFrom('agent_apps')
      .select('app')
      .where('account_id', '=', accountId)
      .where('app_id', '=', appId)
      .where('app_version', '=', version)
      .executeTakeFirst();
    return row ? fromJson<AppDefinition>(row.app, null as never) : undefined;
  },

  /** `sealed`: the app's secret values are already sealed (apps/secrets.ts); else they are sealed at the next start. */
  async save(db: DbOrTx, accountId: number, app: AppDefinition, sealed = false): Promise<void> {
    const now = Date.now();
    await db
      .insertInto('agent_apps')
      .values({
        account_id: accountId,
        app_id: app.appId,
        app_version: app.appVersion,
        app: toJson(app),
        secrets_sealed: sealed ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'app_id', 'app_version'])
          .doUpdateSet({ app: toJson(app), secrets_sealed: sealed ? 1 : 0, updated_at: now }),
      )
      .execute();
  },

  async remove(db: DbOrTx, accountId: number, appId: string, version: string): Promise<boolean> {
    const r = await db
      .deleteFrom('agent_apps')
      .where('account_id', '=', accountId)
      .where('app_id', '=', appId)
      .where('app_version', '=', version)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

/** A built-in with the account's parameter values laid over it. */
export function withValues(base: AppDefinition, stored: AppDefinition | undefined): AppDefinition {
  if (!stored) return base;
  const auth: AppDefinition['dependencies']['providers']['auth'] = {};
  for (const [provider, def] of Object.entries(base.dependencies.providers.auth)) {
    const props: Record<string, Record<string, unknown>> = {};
    for (const [name, p] of Object.entries(def.parameters.properties)) {
      const v = stored.dependencies?.providers?.auth?.[provider]?.parameters?.properties?.[name]?.value;
      props[name] = { ...p, ...(v !== undefined ? { value: v } : {}) };
    }
    auth[provider] = { parameters: { properties: props } };
  }
  return { ...base, dependencies: { providers: { auth } } };
}

/** Every app the account can add: built-ins (with its values), its connected integrations and MCP servers, then its custom apps. */
export async function availableApps(db: DbOrTx, accountId: number): Promise<AppDefinition[]> {
  const stored = await appsRepository.list(db, accountId);
  const connected = await connectedIntegrations(db, accountId);
  const key = (a: { appId: string; appVersion: string }) => `${a.appId}:${a.appVersion}`;
  const byKey = new Map(stored.map((a) => [key(a), a]));
  const builtins = BUILTIN_APPS.map((b) => withValues(b, byKey.get(key(b))));
  const custom = stored.filter((a) => !builtinApp(a.appId, a.appVersion));
  return [...builtins, ...INTEGRATION_APPS.filter((a) => connected.includes(a.appId)), ...(await mcpApps(db, accountId)), ...custom];
}

export async function resolveApp(db: DbOrTx, accountId: number, appId: string, version: string): Promise<AppDefinition | undefined> {
  const base = builtinApp(appId, version);
  const stored = await appsRepository.get(db, accountId, appId, version);
  return base ? withValues(base, stored) : stored;
}

export const SECRET_MASK = '••••••••';

/** Secrets never leave the server: a set secret reads as the mask. */
export function maskSecrets(app: AppDefinition): AppDefinition {
  const auth: AppDefinition['dependencies']['providers']['auth'] = {};
  for (const [provider, def] of Object.entries(app.dependencies.providers.auth)) {
    const props: Record<string, Record<string, unknown>> = {};
    for (const [name, p] of Object.entries(def.parameters.properties)) {
      props[name] = isSecretParam(name, p) && p.value ? { ...p, value: SECRET_MASK } : { ...p };
    }
    auth[provider] = { parameters: { properties: props } };
  }
  return { ...app, dependencies: { providers: { auth } } };
}

/** Requests an agent's functions recorded (message, transfer, schedule, sms, email), once per idempotency key. */
export const agentRequestsRepository = {
  /** undefined when the key is already taken. */
  async insert(db: DbOrTx, row: Insertable<AgentRequestsTable>): Promise<{ id: number } | undefined> {
    return db
      .insertInto('agent_requests')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
  },

  async byKey(db: DbOrTx, key: string): Promise<{ id: number; details: unknown }> {
    return db.selectFrom('agent_requests').select(['id', 'details']).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  },

  async setStatus(db: DbOrTx, id: number, status: string): Promise<void> {
    await db.updateTable('agent_requests').set({ status }).where('id', '=', id).execute();
  },

  /** Keeps a function's outcome with its request, so a retried turn answers the same without acting again. */
  async setDetails(db: DbOrTx, id: number, details: string, status: string): Promise<void> {
    await db.updateTable('agent_requests').set({ details, status }).where('id', '=', id).execute();
  },
};
