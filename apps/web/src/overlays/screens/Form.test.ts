import { describe, expect, it } from 'vitest';
import { supportMailto } from './Form.tsx';

describe('get-support e-mail', () => {
  it('addresses the brand support e-mail and passes the docs page name through', () => {
    const url = new URL(
      supportMailto('help@acme.test', {
        subject: 'Help with billing',
        message: 'It broke',
        from: '@olive',
        page: 'billing',
        brand: 'Acme Voice',
      }),
    );
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('help@acme.test');
    expect(url.searchParams.get('subject')).toBe('Help with billing');
    const body = url.searchParams.get('body')!;
    expect(body).toContain('It broke');
    expect(body).toContain('Page: billing');
    expect(body).toContain('From: @olive');
    expect(body).toContain('App: Acme Voice');
  });
});
