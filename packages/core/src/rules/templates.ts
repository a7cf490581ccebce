/**
 * Template variables: `{{name}}` placeholders in an agent template's instructions and greeting,
 * replaced by the values the user gave for the template's fields (and a few built-in variables).
 */

export interface TemplateField {
  /** The placeholder's name: `{{businessName}}`. */
  name: string;
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  type?: 'text' | 'textarea';
}

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** The distinct variable names a text uses, in order of first use. */
export function templateVariables(text: string): string[] {
  const seen: string[] = [];
  for (const m of text.matchAll(VARIABLE)) if (!seen.includes(m[1]!)) seen.push(m[1]!);
  return seen;
}

export interface SubstituteOptions {
  /** Leave `{{name}}` in place when no value is given (default true); false replaces it with ''. */
  keepMissing?: boolean;
  /**
   * Optional fields left empty: a line that uses one of these without a value is removed
   * ("Our address is {{address}}." disappears rather than being read out with a placeholder).
   */
  dropLinesWith?: string[];
}

/**
 * Replaces `{{name}}` with `values[name]`. Values are trimmed; an empty value counts as missing.
 * Replacement is one pass: a value containing `{{x}}` is not substituted again.
 */
export function substituteTemplate(text: string, values: Record<string, unknown>, opts: SubstituteOptions = {}): string {
  const keep = opts.keepMissing ?? true;
  const has = (name: string) => values[name] != null && String(values[name]).trim() !== '';
  if (opts.dropLinesWith?.length) {
    const drop = new Set(opts.dropLinesWith);
    text = text
      .split('\n')
      .filter((line) => !templateVariables(line).some((n) => drop.has(n) && !has(n)))
      .join('\n');
  }
  return text.replace(VARIABLE, (whole, name: string) => {
    const v = values[name];
    const s = v == null ? '' : String(v).trim();
    if (s) return s;
    return keep ? whole : '';
  });
}

/** The required fields without a value, by name. */
export function missingTemplateFields(fields: TemplateField[], values: Record<string, unknown>): string[] {
  return fields.filter((f) => f.required && !String(values[f.name] ?? '').trim()).map((f) => f.name);
}

/** Keeps only values for the template's own fields, trimmed, as strings. */
export function cleanTemplateFields(fields: TemplateField[], values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v != null && String(v).trim()) out[f.name] = String(v).trim();
  }
  return out;
}
