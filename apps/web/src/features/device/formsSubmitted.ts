import { STORAGE_KEYS } from '@switchboard/core/constants';

/** The form-submitted list in local storage (spec §9): `{form, at}` entries, newest last, 20 kept. */
export function formsSubmitted(): { form: string; at: number }[] {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEYS.formsSubmitted) ?? '[]');
    return Array.isArray(v) ? v.filter((e) => e && typeof e.form === 'string' && typeof e.at === 'number') : [];
  } catch {
    return [];
  }
}

export function recordFormSubmitted(form: string, at = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEYS.formsSubmitted, JSON.stringify([...formsSubmitted(), { form, at }].slice(-20)));
  } catch {
    /* storage full: only the "already sent" note is lost */
  }
}
