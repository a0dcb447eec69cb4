/**
 * The shop's icons, drawn on a 24 px grid: the one table that both the sprite (written into the page shell by the
 * icon-sprite plugin in vite.config.ts) and the names `Icon` takes come from.
 */

/** Line icons: a 2 px stroke with round ends and corners, in the text colour. */
const LINE_ICONS = {
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z',
  pin: 'M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0zM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  mail: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M18 6 6 18M6 6l12 12',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  grid: 'M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  wrench:
    'M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  play: 'M6 4l14 8-14 8z',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
} as const;

/** Solid icons: filled with the text colour. */
const SOLID_ICONS = {
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.2c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.6-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.3-.3.6-.3.8-.3h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.3.5-.4.5c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l2 .9c.3.2.5.2.5.4.1.1.1.7-.1 1.2z',
} as const;

export type IconName = keyof typeof LINE_ICONS | keyof typeof SOLID_ICONS;

export const ICON_NAMES = /* @__PURE__ */ (() => [...Object.keys(LINE_ICONS), ...Object.keys(SOLID_ICONS)] as IconName[])();

const LINE_PAINT = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const SOLID_PAINT = 'fill="currentColor"';

/** The id of an icon's symbol in the sprite: prefixed, so that no id of a page's own can take it. */
export const iconId = (name: IconName) => `icon-${name}`;

const symbol = (name: IconName, d: string, paint: string) =>
  `<symbol id="${iconId(name)}" viewBox="0 0 24 24"><path d="${d}" ${paint}/></symbol>`;

/** The sprite, one hidden `<svg>` in the page shell with one symbol per icon, for `<use href="#icon-name">`. */
export function iconSprite(): string {
  const symbols = [
    ...Object.entries(LINE_ICONS).map(([name, d]) => symbol(name as IconName, d, LINE_PAINT)),
    ...Object.entries(SOLID_ICONS).map(([name, d]) => symbol(name as IconName, d, SOLID_PAINT)),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" hidden="">${symbols.join('')}</svg>`;
}
