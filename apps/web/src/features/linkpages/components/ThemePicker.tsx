import { BUTTON_TYPES, LINK_FONTS, LINK_THEMES, type LinkTheme, type LinksConfig } from '@switchboard/core';
import { Check } from 'lucide-react';
import { cn, Field, Input } from '../../../ui/index.ts';
import { draftTheme } from './PagePreview.tsx';

/** A theme's button, drawn small in its swatch. */
const swatchButton = (t: LinkTheme) => {
  const outline = t.buttonStyle.type === 'OUTLINE_CIRCULAR';
  return {
    background: outline ? 'transparent' : t.buttonStyle.background,
    border: `1px solid ${outline ? t.buttonStyle.shadow : t.buttonStyle.background}`,
    borderRadius: 6,
  };
};

const BUTTON_LABEL: Record<string, string> = { FILL_ROUNDED: 'Filled', OUTLINE_CIRCULAR: 'Outline', SOFTSHADOW_ROUNDED: 'Soft shadow' };
const select = 'block w-full rounded-lg bg-white px-3 py-2.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset';

/** The 19 bundled themes, and a custom theme: colours, button style, background and font. */
export function ThemePicker({ config, onChange }: { config: LinksConfig; onChange: (patch: Partial<LinksConfig>) => void }) {
  const current = draftTheme(config);
  const custom = config.theme === 'custom';
  const setCustom = (f: (t: LinkTheme) => LinkTheme) =>
    onChange({ theme: 'custom', customTheme: f({ ...current, key: 'custom', displayName: 'Custom' }) });
  const color = (label: string, value: string, set: (v: string) => void) => (
    <Field label={label}>
      {(p) => (
        <input
          {...p}
          type="color"
          value={value}
          onChange={(e) => set(e.target.value)}
          className="h-10 w-full rounded-lg ring-1 ring-slate-300"
        />
      )}
    </Field>
  );
  const choice = (label: string, value: string, options: [string, string][], set: (v: string) => void) => (
    <Field label={label}>
      {(p) => (
        <select {...p} className={select} value={value} onChange={(e) => set(e.target.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <section aria-labelledby="theme-heading" className="flex flex-col gap-3">
      <h2 id="theme-heading" className="text-base font-semibold text-slate-900">
        Theme
      </h2>
      <div role="radiogroup" aria-label="Themes" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {LINK_THEMES.map((t) => {
          const on = !custom && current.key === t.key;
          return (
            <button
              key={t.key}
              type="button"
              role="radio"
              aria-checked={on}
              onClick={() => onChange({ theme: t.key })}
              className={cn(
                'relative flex flex-col items-center gap-1 rounded-xl p-2 text-xs font-medium text-slate-800 ring-1 ring-slate-200 hover:ring-brand-500',
                on && 'ring-2 ring-brand-600',
              )}
            >
              <span
                className="flex h-14 w-full flex-col items-center justify-center gap-1 rounded-lg"
                style={{ background: t.background.color }}
                aria-hidden="true"
              >
                {[0, 1].map((i) => (
                  <span key={i} className="h-2.5 w-3/4" style={swatchButton(t)} />
                ))}
              </span>
              {t.displayName}
              {on && <Check className="absolute top-1 right-1 size-4 text-brand-700" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
      <details className="rounded-xl p-3 ring-1 ring-slate-200" open={custom}>
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Customise colours, buttons, background and font</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {color('Background colour', current.background.color, (v) =>
            setCustom((t) => ({ ...t, background: { ...t.background, color: v } })),
          )}
          {color('Text colour', current.typeface.color, (v) =>
            setCustom((t) => ({ ...t, typeface: { ...t.typeface, color: v }, socialStyle: { color: v } })),
          )}
          {color('Button colour', current.buttonStyle.background, (v) =>
            setCustom((t) => ({ ...t, buttonStyle: { ...t.buttonStyle, background: v } })),
          )}
          {color('Button text colour', current.buttonStyle.text, (v) =>
            setCustom((t) => ({ ...t, buttonStyle: { ...t.buttonStyle, text: v } })),
          )}
          {choice(
            'Button style',
            current.buttonStyle.type,
            BUTTON_TYPES.map((b) => [b, BUTTON_LABEL[b]!]),
            (v) => setCustom((t) => ({ ...t, buttonStyle: { ...t.buttonStyle, type: v as LinkTheme['buttonStyle']['type'] } })),
          )}
          {choice(
            'Font',
            current.typeface.family,
            LINK_FONTS.map((f) => [f, f]),
            (v) => setCustom((t) => ({ ...t, typeface: { ...t.typeface, family: v as LinkTheme['typeface']['family'] } })),
          )}
          <Field label="Background">
            {(p) => (
              <select
                {...p}
                className={select}
                value={current.background.type === 'IMAGE' ? 'IMAGE' : current.background.style}
                onChange={(e) =>
                  setCustom((t) => ({
                    ...t,
                    background:
                      e.target.value === 'IMAGE'
                        ? { ...t.background, type: 'IMAGE' }
                        : { ...t.background, type: 'COLOR', style: e.target.value as 'FLAT' | 'COLORUP' },
                  }))
                }
              >
                <option value="FLAT">Flat colour</option>
                <option value="COLORUP">Colour-up gradient</option>
                <option value="IMAGE">Image</option>
              </select>
            )}
          </Field>
          {current.background.type === 'IMAGE' && (
            <Field label="Background image (https)">
              {(p) => (
                <Input
                  {...p}
                  value={current.background.imageUrl ?? ''}
                  onChange={(e) => setCustom((t) => ({ ...t, background: { ...t.background, imageUrl: e.target.value.trim() || null } }))}
                />
              )}
            </Field>
          )}
        </div>
      </details>
    </section>
  );
}
