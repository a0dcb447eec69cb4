import { DEFAULT_COLOUR } from '@shop/shared';

export interface Swatch {
  name: string;
  /** A CSS colour for the dot. */
  css: string;
}

/** Phone finishes that are not CSS colour names, and the CSS names shops use most. */
const FINISHES: Record<string, string> = {
  black: '#111827',
  white: '#f8fafc',
  silver: '#c0c0c0',
  grey: '#6b7280',
  gray: '#6b7280',
  spacegrey: '#4b5563',
  spacegray: '#4b5563',
  graphite: '#3f3f46',
  midnight: '#1e293b',
  starlight: '#f5ecd9',
  titanium: '#8a8580',
  naturaltitanium: '#b8b1a6',
  gold: '#d4af37',
  rosegold: '#e0b0a0',
  blue: '#2563eb',
  navy: '#1e3a8a',
  sierrablue: '#9bb5ce',
  pacificblue: '#2f4f6f',
  green: '#16a34a',
  alpinegreen: '#4c5e4b',
  mint: '#a7f3d0',
  red: '#dc2626',
  productred: '#bf0013',
  pink: '#f9a8d4',
  purple: '#7e22ce',
  deeppurple: '#4b3a5f',
  lavender: '#c4b5fd',
  violet: '#8b5cf6',
  yellow: '#facc15',
  orange: '#f97316',
  coral: '#ff7f50',
  cream: '#f5f0e1',
  beige: '#e8dcc4',
  brown: '#8b5a2b',
  bronze: '#cd7f32',
  copper: '#b87333',
  teal: '#0d9488',
  cyan: '#06b6d4',
  phantomblack: '#111827',
  phantomwhite: '#f8fafc',
  obsidian: '#1f2024',
  porcelain: '#efece6',
  iceblue: '#cfe8f5',
  hazel: '#8e8a6f',
  rose: '#f4c2c2',
  bay: '#9cc3e0',
  onyx: '#18181b',
  ocean: '#0e7490',
  clear: 'transparent',
  transparent: 'transparent',
};

const NEUTRAL = '#94a3b8';

/**
 * The dot colour for a colour name: a hex value, a known finish ('Sierra Blue'), else the first
 * word that is one ('Onyx Black' -> black, 'Astro Silver' -> silver), else a neutral grey.
 */
export function swatchColour(name: string): string {
  const trimmed = name.trim();
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed)) return trimmed;
  const words = trimmed
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (const key of [words.join(''), ...words]) {
    const known = FINISHES[key];
    if (known) return known;
  }
  return NEUTRAL;
}

/** Swatches from the comma-separated colour text: trimmed, blanks and repeats dropped, Black when none is left. */
export function colourSwatches(color: string | null | undefined): Swatch[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of (color ?? '').split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  if (names.length === 0) names.push(DEFAULT_COLOUR);
  return names.map((name) => ({ name, css: swatchColour(name) }));
}

/** Bytes a capacity such as '8GB' or '1TB' stands for, for ordering; unknown text sorts last. */
function capacity(value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(GB|TB)$/i.exec(value.trim());
  if (!m) return Number.POSITIVE_INFINITY;
  return Number(m[1]) * (m[2]!.toUpperCase() === 'TB' ? 1024 : 1);
}

export interface SpecBadge {
  kind: 'RAM' | 'Storage';
  value: string;
}

/** RAM and storage badges when present, each list without blanks or repeats and smallest first. */
export function specBadges(ram: readonly string[] | null | undefined, rom: readonly string[] | null | undefined): SpecBadge[] {
  const tidy = (values: readonly string[] | null | undefined) =>
    [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))].sort((a, b) => capacity(a) - capacity(b));
  return [
    ...tidy(ram).map((value) => ({ kind: 'RAM' as const, value })),
    ...tidy(rom).map((value) => ({ kind: 'Storage' as const, value })),
  ];
}

/** Whether a swatch needs an outline to be seen on white. */
export function isLightSwatch(css: string): boolean {
  const m = /^#([0-9a-f]{6})$/i.exec(css);
  if (!m) return true;
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 200;
}
