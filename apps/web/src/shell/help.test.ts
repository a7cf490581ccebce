import { describe, expect, it } from 'vitest';
import { helpQuery, helpTarget, isMainBrand, MAIN_BRAND } from './help.ts';

describe('help button target', () => {
  it('opens the in-product docs page for the default brand, passing the page name', () => {
    expect(helpTarget(MAIN_BRAND, 'billing')).toEqual({ kind: 'docs', page: 'billing' });
    expect(helpTarget({ id: 1217159, name: 'Main' })).toEqual({ kind: 'docs', page: null });
    expect(helpQuery(helpTarget(MAIN_BRAND, 'billing'))).toEqual({ help: 'billing' });
    expect(helpQuery(helpTarget(MAIN_BRAND))).toEqual({ help: 'true' });
  });

  it("opens the brand's support URL when its settings supply one", () => {
    const t = helpTarget({ id: 42, name: 'Acme', supportUrl: 'https://support.acme.test/desk' }, 'numbers');
    expect(t).toEqual({ kind: 'externalUrl', url: 'https://support.acme.test/desk?page=numbers', page: 'numbers' });
    expect(helpQuery(t)).toBeNull();
  });

  it("otherwise opens the 'get-support' form", () => {
    expect(helpTarget({ id: 42, name: 'Acme' }, 'numbers')).toEqual({ kind: 'supportForm', form: 'get-support', page: 'numbers' });
    expect(helpTarget({ id: 42, name: 'Acme', supportUrl: 'javascript:alert(1)' })).toMatchObject({ kind: 'supportForm' });
    expect(helpQuery(helpTarget({ id: 42, name: 'Acme' }, 'numbers'))).toEqual({ form: 'get-support', page: 'numbers' });
  });

  it('generic-brand mode hides the main brand, so its docs are not offered', () => {
    expect(isMainBrand(MAIN_BRAND)).toBe(true);
    expect(helpTarget({ ...MAIN_BRAND, genericBrand: true })).toMatchObject({ kind: 'supportForm' });
  });
});
