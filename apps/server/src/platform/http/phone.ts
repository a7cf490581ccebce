import { DEFAULT_COUNTRY } from '@switchboard/core';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { badRequest } from './errors.ts';

/** Parses a phone number to E.164, or says which field is wrong. */
export function toE164(raw: string, field: string, country: string = DEFAULT_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), country as CountryCode);
  if (!parsed || !parsed.isValid()) throw badRequest(`${field}: not a valid phone number`, field);
  return parsed.number;
}

/** E.164 for a possible number (carrier input, search, settings), or null; lenient where toE164 is strict. */
export function normalizePhone(value: string, country: string = DEFAULT_COUNTRY): string | null {
  const p = parsePhoneNumberFromString(value.trim(), country as CountryCode);
  return p && p.isPossible() ? p.number : null;
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
