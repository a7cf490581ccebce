import { describe, expect, it } from 'vitest';
import { cleanTemplateFields, missingTemplateFields, substituteTemplate, templateVariables } from './templates.ts';

describe('template substitution', () => {
  it('replaces every {{name}}, spaces allowed inside the braces', () => {
    expect(substituteTemplate('Hi {{ name }}, welcome to {{place}}. Bye {{name}}.', { name: 'Ana', place: 'Oslo' })).toBe(
      'Hi Ana, welcome to Oslo. Bye Ana.',
    );
  });

  it('keeps placeholders without a value, or removes them when asked', () => {
    expect(substituteTemplate('A {{x}} B {{y}}', { x: '  ', y: 'y' })).toBe('A {{x}} B y');
    expect(substituteTemplate('A {{x}} B', {}, { keepMissing: false })).toBe('A  B');
  });

  it('drops the lines of optional fields left empty', () => {
    const text = 'We are {{name}}.\nOur address is {{address}}.\nCall {{phone}} or visit {{address}}.\nUse {{other}}.';
    expect(substituteTemplate(text, { name: 'Luigi', phone: '555' }, { dropLinesWith: ['address', 'phone'] })).toBe(
      'We are Luigi.\nUse {{other}}.',
    );
  });

  it('does not substitute inside a substituted value', () => {
    expect(substituteTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });

  it('lists variables in order of first use', () => {
    expect(templateVariables('{{b}} {{a}} {{b}} {{ c }}')).toEqual(['b', 'a', 'c']);
  });

  it('finds required fields without a value and keeps only the template’s fields', () => {
    const fields = [
      { name: 'a', label: 'A', required: true },
      { name: 'b', label: 'B' },
      { name: 'c', label: 'C', required: true },
    ];
    expect(missingTemplateFields(fields, { a: 'x', c: ' ' })).toEqual(['c']);
    expect(cleanTemplateFields(fields, { a: ' x ', b: '', z: 'dropped' })).toEqual({ a: 'x' });
  });
});
