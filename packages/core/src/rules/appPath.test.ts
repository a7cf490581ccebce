import { describe, expect, it } from 'vitest';
import { appPathTarget, appPathUrl, joinAppPath, parentAppPath, parseAppPath, splitAppPath } from './appPath.ts';

describe('parseAppPath', () => {
  it('parses each segment with its numeric id', () => {
    expect(parseAppPath('reseller/12/org/345/agent/678')).toEqual({
      ok: true,
      path: [
        { type: 'reseller', id: 12 },
        { type: 'org', id: 345 },
        { type: 'agent', id: 678 },
      ],
    });
  });

  it('treats an empty path as the signed-in account', () => {
    expect(parseAppPath('')).toEqual({ ok: true, path: [] });
    expect(parseAppPath(['', ''])).toEqual({ ok: true, path: [] });
    expect(appPathTarget([])).toBeNull();
  });

  it('accepts arrays and trailing slashes', () => {
    expect(parseAppPath(['partner', '1', 'org', '2'])).toEqual({
      ok: true,
      path: [
        { type: 'partner', id: 1 },
        { type: 'org', id: 2 },
      ],
    });
    expect(parseAppPath('org/7/')).toEqual({ ok: true, path: [{ type: 'org', id: 7 }] });
  });

  it('refuses unknown segments, missing ids and non-numeric ids', () => {
    expect(parseAppPath('organization/1')).toMatchObject({ ok: false, error: expect.stringContaining('Unknown') });
    expect(parseAppPath('org')).toMatchObject({ ok: false, error: expect.stringContaining('needs an id') });
    expect(parseAppPath('org/abc')).toMatchObject({ ok: false });
    expect(parseAppPath('org/1.5')).toMatchObject({ ok: false });
    expect(parseAppPath('org/-3')).toMatchObject({ ok: false });
    expect(parseAppPath('org/0')).toMatchObject({ ok: false });
    expect(parseAppPath('org/99999999999999999999')).toMatchObject({ ok: false });
  });
});

describe('joining', () => {
  const path = [
    { type: 'reseller' as const, id: 12 },
    { type: 'org' as const, id: 345 },
  ];
  it('joins as type:id and reads it back', () => {
    expect(joinAppPath(path)).toEqual(['reseller:12', 'org:345']);
    expect(splitAppPath(['reseller:12', 'org:345'])).toEqual({ ok: true, path });
    expect(splitAppPath(['reseller-12'])).toMatchObject({ ok: false });
  });
  it('builds URLs and goes one level up', () => {
    expect(appPathUrl(path)).toBe('/app/reseller/12/org/345');
    expect(appPathUrl(parentAppPath(path))).toBe('/app/reseller/12');
    expect(appPathUrl([])).toBe('/app');
    expect(appPathTarget(path)).toEqual({ type: 'org', id: 345 });
  });
});
