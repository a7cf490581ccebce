import { appDefinition, type AppDefinition } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { SecretBox } from '../../platform/secrets/index.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { builtinApp } from './builtins.ts';
import { outboundUrlProblem } from '../../platform/http/outbound.ts';
import { appsRepository, availableApps, maskSecrets, resolveApp, SECRET_MASK, withValues } from './repository.ts';
import { appSecretBox, isSecretParam, sealAppSecrets } from './secrets.ts';

type AppInput = {
  appData?: { name?: string; description?: string; functions?: unknown[] } & Record<string, unknown>;
  dependencies?: {
    providers?: { auth?: Record<string, { parameters?: { properties?: Record<string, { value?: unknown } & Record<string, unknown>> } }> };
  };
};

/**
 * Apps (spec §7 Apps). Built-ins are configured (their auth provider parameters get values); other
 * apps are the account's own: functions the agent calls through the app's webhook URL.
 */
/**
 * The keyed half of migration 202611242120_agent_apps_secrets: apps saved before secrets were sealed
 * (`secrets_sealed` 0) get their secret values sealed, once, at start (the migration itself has no key).
 */
export async function sealStoredAppSecrets(db: DbOrTx, box: Pick<SecretBox, 'seal' | 'open'>): Promise<number> {
  const rows = await appsRepository.unsealed(db, 10_000);
  for (const r of rows) {
    const app = fromJson<AppDefinition | null>(r.app, null);
    const sealed = app?.dependencies?.providers?.auth ? sealAppSecrets(app, box) : app;
    await appsRepository.markSealed(db, r.id, toJson(sealed));
  }
  return rows.length;
}

export function createAppsService(deps: Deps) {
  const { db } = deps;

  /** Values for the parameters; a masked secret sent back keeps the stored secret. */
  function mergeValues(base: AppDefinition, current: AppDefinition | undefined, input: AppInput): AppDefinition {
    const auth: AppDefinition['dependencies']['providers']['auth'] = {};
    const inAuth = input.dependencies?.providers?.auth ?? {};
    for (const [provider, def] of Object.entries(base.dependencies.providers.auth)) {
      const props: Record<string, Record<string, unknown>> = {};
      for (const [name, p] of Object.entries(def.parameters.properties)) {
        const sent = inAuth[provider]?.parameters?.properties?.[name]?.value;
        const old = current?.dependencies.providers.auth[provider]?.parameters.properties[name]?.value;
        const value = sent === undefined || (isSecretParam(name, p) && sent === SECRET_MASK) ? (old ?? p.value) : sent;
        props[name] = { ...p, value };
      }
      auth[provider] = { parameters: { properties: props } };
    }
    return { ...base, dependencies: { providers: { auth } } };
  }

  /** Sent webhook parameters; a secret sent back as the mask keeps the stored value. */
  function sentProps(input: AppInput, current?: AppDefinition): Record<string, Record<string, unknown>> {
    const sent = { ...(input.dependencies?.providers?.auth?.webhook?.parameters?.properties ?? {}) };
    const stored = current?.dependencies.providers.auth.webhook?.parameters.properties ?? {};
    for (const [name, p] of Object.entries(sent)) {
      if (p.value === SECRET_MASK && isSecretParam(name, { ...stored[name], ...p } as { secret?: boolean }))
        sent[name] = { ...p, value: stored[name]?.value ?? '' };
    }
    return sent;
  }

  /** Saves the app with its secret values sealed. */
  const store = (accountId: number, app: AppDefinition) =>
    appsRepository.save(db, accountId, sealAppSecrets(app, appSecretBox(deps.config)), true);

  function customDefinition(appId: string, appVersion: string, input: AppInput, current?: AppDefinition): AppDefinition {
    const props = {
      ...(current?.dependencies.providers.auth.webhook?.parameters.properties ?? {
        url: { type: 'string', title: 'Webhook URL', value: '' },
      }),
    };
    const candidate = {
      appId,
      appVersion,
      builtIn: false,
      appData: { ...current?.appData, ...input.appData },
      dependencies: {
        providers: {
          auth: { webhook: { parameters: { properties: { ...props, ...sentProps(input, current) } } } },
        },
      },
    };
    const parsed = appDefinition.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = `app.${issue.path.join('.')}`;
      throw badRequest(`${field}: ${issue.message}`, field);
    }
    return parsed.data;
  }

  /** Every `url` parameter the app will call (a webhook's) is checked when saved, as when called. */
  async function checkUrls(app: AppDefinition): Promise<void> {
    for (const [provider, p] of Object.entries(app.dependencies.providers.auth)) {
      const value = p?.parameters.properties.url?.value;
      if (typeof value !== 'string' || value === '') continue;
      const problem = await outboundUrlProblem(value, { allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS });
      const field = `app.dependencies.providers.auth.${provider}.parameters.properties.url.value`;
      if (problem) throw badRequest(`${field}: The webhook URL ${problem}.`, field);
    }
  }

  const idOk = (appId: string, v: string) => {
    if (!/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(appId)) throw badRequest('appId: letters, digits, - and _ only', 'appId');
    if (!/^[0-9a-z.]{1,20}$/i.test(v)) throw badRequest('appVersion: letters, digits and dots only', 'appVersion');
  };

  return {
    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, apps: (await availableApps(db, ctx.acting.id)).map(maskSecrets) };
    },

    async get(ctx: AuthContext, appId: string, version: string) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const app = await resolveApp(db, ctx.acting.id, appId, version);
      if (!app) throw notFound('App not found.');
      return { success: true as const, app: maskSecrets(app) };
    },

    async create(ctx: AuthContext, appId: string, version: string, input: AppInput) {
      await deps.requireAccess(ctx, 'canEditOrg');
      idOk(appId, version);
      const base = builtinApp(appId, version);
      const current = await appsRepository.get(db, ctx.acting.id, appId, version);
      let app: AppDefinition;
      if (base) app = mergeValues(base, current ? withValues(base, current) : undefined, input);
      else {
        if (current) throw conflict(`The app ${appId} ${version} already exists.`, 'appId');
        if (builtinApp(appId, '1')) throw conflict(`${appId} is a built-in app’s name.`, 'appId');
        app = customDefinition(appId, version, input);
      }
      await checkUrls(app);
      await store(ctx.acting.id, app);
      return { success: true as const, app: maskSecrets(app) };
    },

    async update(ctx: AuthContext, appId: string, version: string, input: AppInput, reload: boolean) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const base = builtinApp(appId, version);
      const current = await appsRepository.get(db, ctx.acting.id, appId, version);
      if (!base && !current) throw notFound('App not found.');
      const app = base
        ? mergeValues(base, current ? withValues(base, current) : undefined, input)
        : customDefinition(appId, version, input, current);
      await checkUrls(app);
      await store(ctx.acting.id, app);
      return reload
        ? { success: true as const, app: maskSecrets((await resolveApp(db, ctx.acting.id, appId, version))!) }
        : { success: true as const };
    },

    async remove(ctx: AuthContext, appId: string, version: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const removed = await appsRepository.remove(db, ctx.acting.id, appId, version);
      if (!removed && !builtinApp(appId, version)) throw notFound('App not found.');
      return { success: true as const };
    },
  };
}
