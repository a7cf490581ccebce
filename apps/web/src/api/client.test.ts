import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, buildUrl, setActingAccount } from './client.ts';

afterEach(() => setActingAccount(null));

describe('buildUrl', () => {
  const session = { token: 'tok', adminToken: null };
  it('adds the token and the acting account', () => {
    expect(buildUrl('/api/v1/account', {}, session)).toBe('/api/v1/account?token=tok');
    setActingAccount(42);
    expect(buildUrl('/api/v2/listAccounts', { query: { page: 0 } }, session)).toBe(
      '/api/v2/listAccounts?page=0&token=tok&targetAccountId=42',
    );
  });
  it('lets a call pick or drop the target, and skips empty query values', () => {
    setActingAccount(42);
    expect(buildUrl('/x', { target: 7, query: { a: undefined, b: null, c: false } }, session)).toBe(
      '/x?c=false&token=tok&targetAccountId=7',
    );
    expect(buildUrl('/x', { target: false }, session)).toBe('/x?token=tok');
  });
  it('adds adminToken for super admins, and nothing for anonymous calls', () => {
    expect(buildUrl('/x', {}, { token: 'tok', adminToken: 'adm' })).toBe('/x?token=tok&adminToken=adm');
    expect(buildUrl('/x', { anonymous: true }, { token: 'tok', adminToken: 'adm' })).toBe('/x');
  });
});

describe('ApiError', () => {
  it('strips the field prefix for display next to the field', () => {
    const e = new ApiError('email: Please enter a valid e-mail address.', 400, 'bad_request', 'email');
    expect(e.fieldMessage).toBe('Please enter a valid e-mail address.');
    expect(new ApiError('Wrong code.', 400, 'bad_request', 'verificationCode').fieldMessage).toBe('Wrong code.');
    expect(new ApiError('phoneNumber: not a valid phone number', 400, 'bad_request', 'phoneNumber').fieldMessage).toBe(
      'Not a valid phone number.',
    );
  });
});
