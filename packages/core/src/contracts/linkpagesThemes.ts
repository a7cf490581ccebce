/**
 * The bundled link-page themes (spec §3 Link-page theme): data, shared by the server (which renders the
 * public page) and the web app (theme picker, live preview). Every theme keeps its page text, social icons
 * and button text at a contrast of 4.5:1 or more (linkpagesThemes.test.ts checks it).
 */

export const LINK_FONTS = ['Inter', 'Space Mono', 'Lato'] as const;
export type LinkFont = (typeof LINK_FONTS)[number];
export const BUTTON_TYPES = ['FILL_ROUNDED', 'OUTLINE_CIRCULAR', 'SOFTSHADOW_ROUNDED'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export interface LinkTheme {
  key: string;
  displayName: string;
  luminance: 'DARK' | 'LIGHT';
  background: { color: string; style: 'FLAT' | 'COLORUP'; type: 'COLOR' | 'IMAGE'; imageUrl: string | null };
  buttonStyle: { type: ButtonType; background: string; shadow: string; text: string };
  socialStyle: { color: string };
  typeface: { color: string; family: LinkFont };
}

function theme(
  key: string,
  luminance: 'DARK' | 'LIGHT',
  bg: string,
  button: [ButtonType, string, string, string],
  text: string,
  family: LinkFont = 'Inter',
  style: 'FLAT' | 'COLORUP' = 'FLAT',
  displayName = key.replace(/^./, (c) => c.toUpperCase()),
): LinkTheme {
  return {
    key,
    displayName,
    luminance,
    background: { color: bg, style, type: 'COLOR', imageUrl: null },
    buttonStyle: { type: button[0], background: button[1], shadow: button[2], text: button[3] },
    socialStyle: { color: text },
    typeface: { color: text, family },
  };
}

export const LINK_THEMES: LinkTheme[] = [
  theme('Air Black', 'DARK', '#000000', ['FILL_ROUNDED', '#222222', '#000000', '#ffffff'], '#ffffff'),
  theme('Air Snow', 'LIGHT', '#ffffff', ['FILL_ROUNDED', '#f3f3f1', '#cccccc', '#000000'], '#000000'),
  theme('Air Grey', 'LIGHT', '#f3f3f1', ['FILL_ROUNDED', '#ffffff', '#d0d0d0', '#000000'], '#000000'),
  theme('Air Smoke', 'DARK', '#2d2d2d', ['FILL_ROUNDED', '#444444', '#111111', '#ffffff'], '#ffffff'),
  theme('Mineral Blue', 'LIGHT', '#e0f0ff', ['OUTLINE_CIRCULAR', '#e0f0ff', '#0a3d62', '#0a3d62'], '#0a3d62'),
  theme('Mineral Green', 'LIGHT', '#e0faee', ['OUTLINE_CIRCULAR', '#e0faee', '#14532d', '#14532d'], '#14532d'),
  theme('Mineral Orange', 'LIGHT', '#ffeee2', ['OUTLINE_CIRCULAR', '#ffeee2', '#7c2d12', '#7c2d12'], '#7c2d12'),
  theme('Noir', 'DARK', '#0b0b0b', ['OUTLINE_CIRCULAR', '#0b0b0b', '#ffffff', '#ffffff'], '#ffffff', 'Space Mono'),
  theme('Bitcoin', 'DARK', '#1a1a1a', ['FILL_ROUNDED', '#f7931a', '#b86e13', '#000000'], '#ffffff', 'Space Mono'),
  theme('Swan', 'LIGHT', '#fbfaf7', ['SOFTSHADOW_ROUNDED', '#ffffff', '#c8c2b4', '#1f1b16'], '#1f1b16', 'Lato'),
  theme('voltage', 'DARK', '#14001f', ['FILL_ROUNDED', '#e4ff1a', '#7a8a00', '#14001f'], '#f5f5f5', 'Space Mono', 'FLAT', 'Voltage'),
  theme('Lake', 'DARK', '#0c2340', ['FILL_ROUNDED', '#1e4d80', '#06121f', '#ffffff'], '#ffffff'),
  theme('Sunset', 'LIGHT', '#ffd6a5', ['FILL_ROUNDED', '#7c2d12', '#431407', '#ffffff'], '#431407', 'Lato', 'COLORUP'),
  theme('Forest', 'DARK', '#0f2a1d', ['SOFTSHADOW_ROUNDED', '#1f4d36', '#04110b', '#ffffff'], '#ffffff', 'Lato'),
  theme('Rose', 'LIGHT', '#ffe4ec', ['FILL_ROUNDED', '#9d174d', '#500724', '#ffffff'], '#500724'),
  theme('Lavender', 'LIGHT', '#ede9fe', ['SOFTSHADOW_ROUNDED', '#ffffff', '#a78bfa', '#3b0764'], '#3b0764', 'Lato'),
  theme('Ocean', 'DARK', '#083344', ['FILL_ROUNDED', '#ffffff', '#0e7490', '#083344'], '#ffffff', 'Inter', 'COLORUP'),
  theme('Paper', 'LIGHT', '#f5f0e6', ['OUTLINE_CIRCULAR', '#f5f0e6', '#292524', '#292524'], '#292524', 'Space Mono'),
  theme('Midnight', 'DARK', '#0f172a', ['SOFTSHADOW_ROUNDED', '#1e293b', '#000000', '#f8fafc'], '#f8fafc'),
];

export const DEFAULT_LINK_THEME = 'Air Snow';

export function findLinkTheme(key: string | null | undefined): LinkTheme | undefined {
  return LINK_THEMES.find((t) => t.key === key);
}

/** "#rrggbb" → [r, g, b] (0–255); null for anything else. */
export function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG relative luminance of "#rrggbb". */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The second stop of a COLORUP background: the colour moved a quarter of the way toward white on a
 * LIGHT theme and toward black on a DARK one, so the page text keeps its contrast down the page.
 */
export function colorUpEnd(color: string, luminance: 'DARK' | 'LIGHT'): string {
  const rgb = parseHex(color) ?? [0, 0, 0];
  const target = luminance === 'LIGHT' ? 255 : 0;
  return `#${rgb
    .map((v) =>
      Math.round(v + (target - v) * 0.25)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Distance of two colours from 0 (same) to 1 (black to white): Euclidean distance in RGB, scaled by the
 * largest possible distance. The Linktree importer matches a page's colours to a bundled theme with it.
 */
export function colorDistance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  return Math.sqrt(x.reduce((sum, v, i) => sum + (v - y[i]!) ** 2, 0)) / Math.sqrt(3 * 255 ** 2);
}
