import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from './Icon.tsx';
import { ICON_NAMES, iconId, iconSprite } from './icon-paths.ts';

const sprite = new DOMParser().parseFromString(iconSprite(), 'image/svg+xml');
const inPage = new DOMParser().parseFromString(`<body>${iconSprite()}</body>`, 'text/html');

describe('the icon sprite', () => {
  it('is a well-formed SVG document', () => {
    expect(sprite.querySelector('parsererror')).toBeNull();
    expect(sprite.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });

  it.each(ICON_NAMES)('has a symbol for %s, drawn on the 24 px grid in the text colour', (name) => {
    const symbol = sprite.getElementById(iconId(name));
    expect(symbol?.tagName).toBe('symbol');
    expect(symbol?.getAttribute('viewBox')).toBe('0 0 24 24');
    const path = symbol?.querySelector('path');
    expect(path?.getAttribute('d')).toMatch(/^M/);
    expect([path?.getAttribute('stroke'), path?.getAttribute('fill')]).toContain('currentColor');
  });

  it('has no symbol that no icon name reaches', () => {
    expect([...sprite.querySelectorAll('symbol')].map((s) => s.id).sort()).toEqual(ICON_NAMES.map(iconId).sort());
  });

  it('is hidden where it stands in the page', () => {
    const svg = inPage.body.firstElementChild;
    expect(svg?.tagName).toBe('svg');
    expect(svg?.hasAttribute('hidden')).toBe(true);
  });
});

describe('Icon', () => {
  it.each(ICON_NAMES)("draws %s with a <use> of its symbol in the page's sprite", (name) => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Icon name={name} className="h-5 w-5" />);
    const svg = host.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.getAttribute('class')).toBe('shrink-0 h-5 w-5');
    expect(svg?.children).toHaveLength(1);
    expect(svg?.querySelector('use')?.getAttribute('href')).toBe(`#icon-${name}`);
  });

  it('is small by default', () => {
    expect(renderToString(<Icon name="menu" />)).toContain('class="shrink-0 h-4 w-4"');
  });
});
