import ICAL from 'ical.js';
import Papa from 'papaparse';
import type { ContactInput } from '@switchboard/core/contracts/contacts';

export interface ImportedRow {
  line: number;
  contact: ContactInput;
}
export interface ImportError {
  line: number;
  message: string;
}

/** CSV headers (lower-cased, spaces and dashes dropped) that fill a contact's own fields. */
const COLUMNS: Record<string, 'name' | 'first' | 'last' | 'phone' | 'email' | 'tags' | 'notes'> = {
  name: 'name',
  fullname: 'name',
  displayname: 'name',
  firstname: 'first',
  givenname: 'first',
  lastname: 'last',
  familyname: 'last',
  surname: 'last',
  phone: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  mobilephone: 'phone',
  tel: 'phone',
  telephone: 'phone',
  number: 'phone',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  tags: 'tags',
  tag: 'tags',
  labels: 'tags',
  notes: 'notes',
  note: 'notes',
};

const split = (v: string) =>
  v
    .split(/[;,|]/)
    .map((s) => s.trim())
    .filter(Boolean);
const clip = (v: string, max: number) => v.slice(0, max);

/** The 1-based line a character offset falls on. */
function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** A CSV with a header row (papaparse); every other column becomes a free field. Lines are the file's own. */
export function parseCsv(data: string): { rows: ImportedRow[]; errors: ImportError[] } {
  const rows: ImportedRow[] = [];
  const errors: ImportError[] = [];
  let header: string[] | null = null;
  const text = data.replace(/^\uFEFF/, '');
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      // The row's first line: the line it ends on, less the line breaks inside its quoted cells.
      let end = result.meta.cursor;
      while (end > 0 && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
      const inside = result.data.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
      const line = lineAt(text, end) - inside;
      const cells = result.data.map((c) => c.trim());
      if (!header) {
        header = cells.map((h) => h.toLowerCase().replace(/[\s_-]+/g, ''));
        if (!header.some((h) => COLUMNS[h] === 'name' || COLUMNS[h] === 'first' || COLUMNS[h] === 'phone' || COLUMNS[h] === 'email')) {
          errors.push({ line, message: 'The first line must name the columns (name, phone, email, tags, notes, ...).' });
        }
        return;
      }
      if (result.errors.length) {
        errors.push({ line, message: result.errors[0]!.message });
        return;
      }
      const contact: ImportedRow['contact'] = { phones: [], emails: [], fields: {} };
      let first = '';
      let last = '';
      cells.forEach((value, i) => {
        if (!value) return;
        const h = header![i];
        const col = h ? COLUMNS[h] : undefined;
        if (col === 'name') contact.name = clip(value, 200);
        else if (col === 'first') first = value;
        else if (col === 'last') last = value;
        else if (col === 'phone') contact.phones!.push(...split(value));
        else if (col === 'email') contact.emails!.push(...split(value));
        else if (col === 'tags') contact.tags = split(value).map((t) => clip(t, 50));
        else if (col === 'notes') contact.notes = clip(value, 5000);
        else if (h) contact.fields![clip(h, 60)] = clip(value, 1000);
      });
      if (!contact.name && (first || last)) contact.name = clip(`${first} ${last}`.trim(), 200);
      rows.push({ line, contact });
    },
  });
  if (!header) errors.push({ line: 1, message: 'The file has no rows.' });
  return { rows, errors };
}

/**
 * vCard 3.0 / 4.0 (ical.js parses each card: line unfolding, escapes, parameters). Each card is read on
 * its own so a broken one is reported at its BEGIN line and the others are kept.
 */
export function parseVcard(data: string): { rows: ImportedRow[]; errors: ImportError[] } {
  const rows: ImportedRow[] = [];
  const errors: ImportError[] = [];
  const text = data.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const begin = /^BEGIN:VCARD[ \t]*$/gim;
  const starts: number[] = [];
  for (let m = begin.exec(text); m; m = begin.exec(text)) starts.push(m.index);
  if (starts.length === 0) errors.push({ line: 1, message: 'No vCard found (BEGIN:VCARD).' });
  starts.forEach((start, i) => {
    const line = lineAt(text, start);
    const chunk = text.slice(start, starts[i + 1] ?? text.length).trim();
    try {
      if (!/END:VCARD$/i.test(chunk)) throw new Error('The card has no END:VCARD.');
      const card = new ICAL.Component(ICAL.parse(chunk) as unknown as unknown[]);
      const values = (name: string) =>
        card
          .getAllProperties(name)
          .map((p) => String(p.getFirstValue() ?? '').trim())
          .filter(Boolean);
      const n = card.getFirstPropertyValue('n') as unknown;
      const fromN = Array.isArray(n) ? [n[1], n[0]].flat().filter(Boolean).join(' ') : '';
      const fields: Record<string, string> = {};
      const org = values('org')[0];
      if (org) fields.organization = clip(org, 1000);
      const title = values('title')[0];
      if (title) fields.title = clip(title, 1000);
      rows.push({
        line,
        contact: {
          name: clip(values('fn')[0] || fromN, 200) || undefined,
          phones: values('tel').map((t) => t.replace(/^tel:/i, '')),
          emails: values('email'),
          tags: card
            .getAllProperties('categories')
            .flatMap((p) => p.getValues().map((v) => clip(String(v).trim(), 50)))
            .filter(Boolean),
          notes: values('note')[0] ? clip(values('note')[0]!, 5000) : undefined,
          fields,
        },
      });
    } catch (err) {
      errors.push({ line, message: `Not a readable vCard: ${(err as Error).message}` });
    }
  });
  return { rows, errors };
}

export function parseContactFile(format: 'csv' | 'vcard', data: string) {
  return format === 'csv' ? parseCsv(data) : parseVcard(data);
}
