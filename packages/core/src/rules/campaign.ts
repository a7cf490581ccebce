/**
 * Rules of the agent configuration ("campaign", spec §3 and §5): apps and the functions enabled per app.
 */

export interface CampaignApp {
  appId: string;
  version: string;
}

/** `appId:version`, the key of enabledFunctions. */
export const appKey = (app: CampaignApp): string => `${app.appId}:${app.version}`;

export const PROMPT_REQUIRED = { input: 'prompt', value: 'Please enter a prompt.' } as const;

/** Save or publish requires non-empty agentInstructions (spec §5). Returns the error or null. */
export function validateInstructions(agentInstructions: string | null | undefined): typeof PROMPT_REQUIRED | null {
  return agentInstructions && agentInstructions.trim() ? null : PROMPT_REQUIRED;
}

export type RuleLog = (message: string, detail?: unknown) => void;

/**
 * Adds an app to a campaign's list (spec §5): an app without appId and version is ignored and logged;
 * a duplicate appId is not added. Never mutates its input.
 */
export function addApp(apps: CampaignApp[], app: Partial<CampaignApp> | null | undefined, log?: RuleLog): CampaignApp[] {
  const appId = typeof app?.appId === 'string' ? app.appId.trim() : '';
  const version = app?.version == null ? '' : String(app.version).trim();
  if (!appId || !version) {
    log?.('app ignored: appId and version are required', app);
    return apps;
  }
  if (apps.some((a) => a.appId === appId)) {
    log?.(`app ignored: ${appId} is already added`, app);
    return apps;
  }
  return [...apps, { appId, version }];
}

/** Builds a clean app list from any input, applying addApp to each entry in order. */
export function normalizeApps(input: unknown, log?: RuleLog): CampaignApp[] {
  if (!Array.isArray(input)) return [];
  return input.reduce<CampaignApp[]>((acc, a) => addApp(acc, a as Partial<CampaignApp>, log), []);
}

/** Removes an app and its enabled functions. */
export function removeApp(
  apps: CampaignApp[],
  enabled: Record<string, string[]>,
  appId: string,
): { apps: CampaignApp[]; enabledFunctions: Record<string, string[]> } {
  const gone = apps.filter((a) => a.appId === appId).map(appKey);
  return {
    apps: apps.filter((a) => a.appId !== appId),
    enabledFunctions: Object.fromEntries(Object.entries(enabled).filter(([k]) => !gone.includes(k))),
  };
}

/**
 * Keeps the enabled functions of apps that are in the list, drops names the app does not offer
 * (when `offered` knows the app), and removes duplicates. Keys of absent apps are dropped.
 */
export function cleanEnabledFunctions(
  enabled: Record<string, unknown> | null | undefined,
  apps: CampaignApp[],
  offered?: (key: string) => string[] | undefined,
  log?: RuleLog,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const keys = new Set(apps.map(appKey));
  for (const [key, names] of Object.entries(enabled ?? {})) {
    if (!keys.has(key)) {
      log?.(`enabledFunctions: ${key} is not one of the agent's apps`, names);
      continue;
    }
    const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string' && n.length > 0) : [];
    const known = offered?.(key);
    const kept = [...new Set(list)].filter((n) => {
      if (!known || known.includes(n)) return true;
      log?.(`enabledFunctions: ${key} has no function ${n}`);
      return false;
    });
    out[key] = kept;
  }
  return out;
}

/** Turns one function of an app on or off. */
export function toggleFunction(enabled: Record<string, string[]>, app: CampaignApp, name: string, on: boolean): Record<string, string[]> {
  const key = appKey(app);
  const list = enabled[key] ?? [];
  const next = on ? (list.includes(name) ? list : [...list, name]) : list.filter((n) => n !== name);
  return { ...enabled, [key]: next };
}

/** The (appId, version, function) triples an agent may call. */
export function enabledFunctionList(apps: CampaignApp[], enabled: Record<string, string[]>): { app: CampaignApp; name: string }[] {
  return apps.flatMap((app) => (enabled[appKey(app)] ?? []).map((name) => ({ app, name })));
}
