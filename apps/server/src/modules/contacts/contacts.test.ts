import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { contactNamesByAddress } from './index.ts';

/** Contacts through the HTTP API on a fresh database: identity per channel, search, imports, and reach. */
let t: TestApp;
let org: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.signUp('owner@contacts.test', { businessName: 'Contacts Co' });
  other = await t.signUp('owner@other-contacts.test', { businessName: 'Other Co' });
});
afterAll(async () => {
  await t.close();
});

const save = (s: Session, body: Record<string, unknown>) => t.request('POST', '/api/v2/contact', { token: s.token, body });

describe('contacts', () => {
  let ann: number;

  it('creates a contact with normalised channels, tags, notes and free fields', async () => {
    const res = await save(org, {
      name: 'Ann Lee',
      phones: ['(415) 555-2671'],
      emails: [' Ann@Example.COM '],
      tags: ['vip', 'vip', 'lead'],
      notes: 'Prefers mornings',
      fields: { company: 'Lee & Co' },
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({
      name: 'Ann Lee',
      phones: ['+14155552671'],
      emails: ['ann@example.com'],
      tags: ['vip', 'lead'],
      notes: 'Prefers mornings',
      fields: { company: 'Lee & Co' },
    });
    ann = res.body.contact.id;
  });

  it('is one person across channels: the same number in another format is a 409 naming the field', async () => {
    const res = await save(org, { name: 'Someone', phones: ['+1 415-555-0100', '+1 (415) 555 2671'] });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('phones.1');
    expect(res.body.message).toContain('Ann Lee');
    const mail = await save(org, { emails: ['ANN@example.com'] });
    expect(mail.status).toBe(409);
    expect(mail.body.field).toBe('emails.0');
    // Another organization may keep the same person.
    expect((await save(other, { name: 'Ann at Other', phones: ['4155552671'] })).status).toBe(200);
  });

  it('refuses malformed input naming the field', async () => {
    expect((await save(org, { phones: ['not a number'] })).body.field).toBe('phones.0');
    expect((await save(org, { emails: ['nobody'] })).body.field).toBe('emails.0');
    expect((await save(org, { notes: 'x' })).body.field).toBe('name');
    expect((await save(org, { name: 'a'.repeat(201) })).body.field).toBe('name');
    expect((await save(org, { id: 'abc', name: 'x' })).body.field).toBe('id');
    expect((await t.request('GET', '/api/v2/contact/0', { token: org.token })).status).toBe(400);
    expect((await t.request('DELETE', '/api/v2/contact', { token: org.token })).body.field).toBe('id');
  });

  it('updates what it is given and keeps the rest', async () => {
    const res = await save(org, { id: ann, notes: 'Prefers afternoons', phones: ['+1 415 555 2672'] });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({
      name: 'Ann Lee',
      phones: ['+14155552672'],
      emails: ['ann@example.com'],
      notes: 'Prefers afternoons',
      tags: ['vip', 'lead'],
    });
    // The old number is free again.
    expect((await save(org, { name: 'Bob', phones: ['+14155552671'] })).status).toBe(200);
    const got = await t.request('GET', `/api/v2/contact/${ann}`, { token: org.token });
    expect(got.body.contact.notes).toBe('Prefers afternoons');
  });

  it('lists by name a page at a time and searches names, numbers and e-mails', async () => {
    for (let i = 0; i < 22; i++) await save(org, { name: `Zed ${String(i).padStart(2, '0')}`, emails: [`zed${i}@example.com`] });
    const first = await t.request('GET', '/api/v2/contact', { token: org.token });
    expect(first.body.pageSize).toBe(20);
    expect(first.body.page).toBe(0);
    expect(first.body.contacts).toHaveLength(20);
    expect(first.body.total).toBe(24);
    expect(first.body.contacts[0].name).toBe('Ann Lee');
    const second = await t.request('GET', '/api/v2/contact', { token: org.token, query: { page: 1 } });
    expect(second.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Zed 18', 'Zed 19', 'Zed 20', 'Zed 21']);
    expect(
      (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: '555-2672' } })).body.contacts.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Ann Lee']);
    expect((await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'ZED1@' } })).body.total).toBe(1);
    expect((await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: '%' } })).body.total).toBe(0);
  });

  it('names a sender by any format of its number or address, for the inbox', async () => {
    const names = await contactNamesByAddress(t.database.db, org.id, ['+1 415 555 2672', 'ANN@example.com', '+15550000000', 'junk']);
    expect(names.get('+1 415 555 2672')).toBe('Ann Lee');
    expect(names.get('ANN@example.com')).toBe('Ann Lee');
    expect(names.has('+15550000000')).toBe(false);
  });

  it('imports a CSV: bad rows reported by line, good rows kept', async () => {
    const csv = [
      'First Name,Last Name,Phone,Email,Tags,Company',
      'Carla,Diaz,+1 212 555 0101,carla@example.com,customer;nyc,Diaz LLC',
      'Dan,,not-a-phone,,,',
      '"Eve ""E""",Stone,,eve@example.com,,"Stone,',
      'Inc"',
      'Fay,,+1 212 555 0101,,,',
      ',,,,,',
      'Gus,,,ann@example.com,,',
      'Hal,,2125550199,,,',
    ].join('\n');
    const res = await t.request('POST', '/api/v2/contact/import', { token: org.token, body: { format: 'csv', data: csv } });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 6, 8]);
    expect(res.body.errors[0].message).toContain('not a valid phone number');
    const carla = (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'carla' } })).body.contacts[0];
    expect(carla).toMatchObject({
      name: 'Carla Diaz',
      phones: ['+12125550101'],
      tags: ['customer', 'nyc'],
      fields: { company: 'Diaz LLC' },
    });
    const eve = (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'eve@' } })).body.contacts[0];
    expect(eve).toMatchObject({ name: 'Eve "E" Stone', fields: { company: 'Stone,\nInc' } });
    expect((await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: '2125550199' } })).body.total).toBe(1);
  });

  it('imports vCards (folded lines, categories) and reports a broken card by its line', async () => {
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Iverson;Ivy;;;',
      'FN:Ivy Iverson',
      'TEL;TYPE=CELL:+44 20 7946 0958',
      'EMAIL;TYPE=INTERNET:IVY@example.org',
      'NOTE:Met at the ',
      ' fair',
      'CATEGORIES:friends,uk',
      'ORG:Iverson Ltd',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Broken',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Jo',
      'TEL;VALUE=uri:tel:+1-303-555-0147',
      'END:VCARD',
    ].join('\r\n');
    const res = await t.request('POST', '/api/v2/contact/import', { token: org.token, body: { format: 'vcard', data: vcf } });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.errors).toEqual([{ line: 12, message: expect.stringContaining('END:VCARD') }]);
    const ivy = (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'ivy' } })).body.contacts[0];
    expect(ivy).toMatchObject({
      name: 'Ivy Iverson',
      phones: ['+442079460958'],
      emails: ['ivy@example.org'],
      notes: 'Met at the fair',
      tags: ['friends', 'uk'],
      fields: { organization: 'Iverson Ltd' },
    });
    const jo = (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'jo' } })).body.contacts.find(
      (c: { name: string }) => c.name === 'Jo',
    );
    expect(jo.phones).toEqual(['+13035550147']);
  });

  it('another tree’s token reads and changes nothing', async () => {
    const list = await t.request('GET', '/api/v2/contact', { token: other.token });
    expect(list.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Ann at Other']);
    expect((await t.request('GET', `/api/v2/contact/${ann}`, { token: other.token })).status).toBe(404);
    expect((await save(other, { id: ann, name: 'Hijacked' })).status).toBe(404);
    expect((await t.request('DELETE', '/api/v2/contact', { token: other.token, body: { id: ann } })).status).toBe(404);
    expect((await t.request('GET', '/api/v2/contact', { token: other.token, query: { targetAccountId: org.id } })).status).toBe(403);
    expect((await t.request('GET', `/api/v2/contact/${ann}`, { token: org.token })).body.contact.name).toBe('Ann Lee');
  });

  it('deletes a contact, freeing its channels', async () => {
    expect((await t.request('DELETE', '/api/v2/contact', { token: org.token, body: { id: ann } })).status).toBe(200);
    expect((await t.request('GET', `/api/v2/contact/${ann}`, { token: org.token })).status).toBe(404);
    expect((await save(org, { name: 'Ann again', emails: ['ann@example.com'] })).status).toBe(200);
  });
});
