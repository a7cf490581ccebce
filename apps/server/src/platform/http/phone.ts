import { DEFAULT_COUNTRY } from '@switchboard/core';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { badRequest } from './errors.ts';

/** A valid phone number in E.164, or null (toE164's check without the error, for callers that only ask). */
export function validE164(raw: string, country: string = DEFAULT_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country as CountryCode);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** Parses a phone number to E.164, or says which field is wrong. */
export function toE164(raw: string, field: string, country: string = DEFAULT_COUNTRY): string {
  const e164 = validE164(raw, country);
  if (e164 == null) throw badRequest(`${field}: not a valid phone number`, field);
  return e164;
}

/** E.164 for a possible number (carrier input, search, settings), or null; lenient where toE164 is strict. */
export function normalizePhone(value: string, country: string = DEFAULT_COUNTRY): string | null {
  const p = parsePhoneNumberFromString(value.trim(), country as CountryCode);
  return p && p.isPossible() ? p.number : null;
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
