import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERLAY_KEYS,
  isAllowedOverlay,
  MissingOverlayModuleError,
  OVERLAY_REGISTRY,
  overlaysInQuery,
  resolveOverlay,
  setAllowedOverlays,
  withOverlay,
  withoutOverlay,
} from './registry.ts';

afterEach(() => setAllowedOverlays());

describe('overlay keys in the query', () => {
  it('holds every default name of the spec', () => {
    expect(DEFAULT_OVERLAY_KEYS).toHaveLength(75);
    for (const k of ['help', 'debug', 'members', 'upgrade', 'selectNumber', 'requestAccess', 'reporting', 'addCustomNumber'])
      expect(isAllowedOverlay(k)).toBe(true);
    expect(isAllowedOverlay('token')).toBe(false);
  });

  it('finds allowed keys in query order, each once, and ignores the rest', () => {
    expect(overlaysInQuery('?token=x&members=true&agentInfo=12&members=again&nope=1')).toEqual([
      { name: 'members', value: 'true' },
      { name: 'agentInfo', value: '12' },
    ]);
    expect(overlaysInQuery('?filter=priority')).toEqual([]);
  });

  it('the allowed list can be overridden', () => {
    setAllowedOverlays(['help']);
    expect(overlaysInQuery('?help&members=true')).toEqual([{ name: 'help', value: '' }]);
    setAllowedOverlays();
    expect(overlaysInQuery('?members=true')).toHaveLength(1);
  });

  it('adds and removes a key, with its companion parameters', () => {
    expect(withOverlay('?a=1', 'upgrade', 'true', { upgradeRedirect: '/app/wallet' })).toBe(
      '?a=1&upgrade=true&upgradeRedirect=%2Fapp%2Fwallet',
    );
    expect(withoutOverlay('?a=1&upgrade=true&upgradeRedirect=%2Fx', 'upgrade')).toBe('?a=1');
    expect(withoutOverlay('?help=true', 'help')).toBe('');
  });
});

describe('resolving a key to its module', () => {
  const loader = async () => ({ default: () => null });
  it('loads a registered module', () => {
    expect(resolveOverlay('help', { './screens/Help.tsx': loader }, { help: { module: './screens/Help.tsx' } })).toEqual({
      kind: 'module',
      load: loader,
    });
  });
  it('raises the missing-module error for a key without a registry entry', () => {
    const r = resolveOverlay('wallet', {}, {});
    expect(r.kind).toBe('missing');
  });
  it('raises the missing-module error when a registered module is not in the build', () => {
    const r = resolveOverlay('help', {}, { help: { module: './screens/Gone.tsx' } });
    expect(r.kind).toBe('missing');
    if (r.kind === 'missing') {
      expect(r.error).toBeInstanceOf(MissingOverlayModuleError);
      expect(r.error.message).toMatch(/Missing module for overlay "help"/);
    }
  });
  it('every shell overlay in the real registry exists in the build', () => {
    for (const key of Object.keys(OVERLAY_REGISTRY)) {
      expect(isAllowedOverlay(key), key).toBe(true);
      expect(resolveOverlay(key).kind, key).toBe('module');
    }
  });
});
