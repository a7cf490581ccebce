import type { AppDefinition } from '@switchboard/core';
import type { Config } from '../../config.ts';
import { secretBoxFor, type SecretBox } from '../../platform/secrets/index.ts';

/**
 * Secrets of apps' auth parameters at rest: a parameter flagged `secret`, or named like one (token,
 * secret, password, api key), is stored sealed with the secrets key (platform/secrets, AES-256-GCM) as
 * `enc:<sealed>` inside the app's JSON, opened only when a function call needs it, and answered masked.
 */
const SEALED = 'enc:';
const SECRET_NAME = /secret|token|password|passwd|api[-_]?key|private[-_]?key|pat$/i;

export function isSecretParam(name: string, p: { secret?: boolean | undefined }): boolean {
  return p.secret === true || SECRET_NAME.test(name);
}

export const isSealed = (v: unknown): boolean => typeof v === 'string' && v.startsWith(SEALED);

type Box = Pick<SecretBox, 'seal' | 'open'>;
export const appSecretBox = (config: Pick<Config, 'SECRETS_KEY' | 'dataDir'>): Box => secretBoxFor(config);

/** Maps every secret parameter's value (set, non-empty strings only). */
function mapSecrets(app: AppDefinition, f: (value: string) => string): AppDefinition {
  const auth: AppDefinition['dependencies']['providers']['auth'] = {};
  for (const [provider, def] of Object.entries(app.dependencies.providers.auth)) {
    const props: Record<string, Record<string, unknown>> = {};
    for (const [name, p] of Object.entries(def.parameters.properties)) {
      props[name] = isSecretParam(name, p) && typeof p.value === 'string' && p.value !== '' ? { ...p, value: f(p.value) } : { ...p };
    }
    auth[provider] = { parameters: { properties: props } };
  }
  return { ...app, dependencies: { providers: { auth } } };
}

/** The app as stored: secret values sealed (those already sealed are kept as they are). */
export function sealAppSecrets(app: AppDefinition, box: Box): AppDefinition {
  return mapSecrets(app, (v) => (isSealed(v) ? v : SEALED + box.seal(v)));
}

/** A parameter's value as a function call needs it: opened when sealed. */
export function openAppSecret(value: unknown, box: Box): unknown {
  return isSealed(value) ? box.open((value as string).slice(SEALED.length)) : value;
}
