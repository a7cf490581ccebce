import { describe, expect, it } from 'vitest';
import { brandCssVars, brandFromProfile, MAIN_SHELL_BRAND, withGenericMode } from './brand.ts';
import { helpTarget } from './help.ts';

const profile = {
  id: 501,
  name: 'Acme Voice',
  domain: 'app.acme.test',
  isMainBrand: false,
  details: { image: 'https://cdn.acme.test/logo.png' },
  settings: { colors: { primary: '#0f766e' }, supportUrl: 'https://help.acme.test' },
};

describe('brand of the host', () => {
  it('reads name, logo, colours and support URL from the domain profile', () => {
    const b = brandFromProfile(profile);
    expect(b).toMatchObject({
      id: 501,
      name: 'Acme Voice',
      logo: 'https://cdn.acme.test/logo.png',
      primary: '#0f766e',
      supportUrl: 'https://help.acme.test',
      isMain: false,
    });
    expect(brandCssVars(b)['--color-brand-600']).toBe('#0f766e');
    expect(helpTarget(b, 'billing')).toEqual({ kind: 'externalUrl', url: 'https://help.acme.test/?page=billing', page: 'billing' });
  });
  it('falls back to the main brand on 404 (false) and on missing data', () => {
    expect(brandFromProfile(false)).toBe(MAIN_SHELL_BRAND);
    expect(brandFromProfile(null)).toBe(MAIN_SHELL_BRAND);
    expect(brandCssVars(MAIN_SHELL_BRAND)).toEqual({});
  });
  it('ids 2286 and 1217159 are the main brand (its own colours, in-product help)', () => {
    const b = brandFromProfile({ ...profile, id: 1217159, isMainBrand: false });
    expect(b.isMain).toBe(true);
    expect(b.primary).toBeNull();
    expect(helpTarget(b).kind).toBe('docs');
  });
});

describe('generic-brand mode', () => {
  it("hides the main brand's marks but keeps a partner's own brand", () => {
    expect(withGenericMode(MAIN_SHELL_BRAND, true).genericBrand).toBe(true);
    expect(withGenericMode(MAIN_SHELL_BRAND, false).genericBrand).toBe(false);
    expect(withGenericMode(brandFromProfile(profile), true).genericBrand).toBe(false);
    expect(helpTarget(withGenericMode(MAIN_SHELL_BRAND, true)).kind).toBe('supportForm');
  });
});
