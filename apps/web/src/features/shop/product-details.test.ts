import { describe, expect, it } from 'vitest';
import { colourSwatches, isLightSwatch, specBadges, swatchColour } from './product-details.ts';

describe('colour swatches', () => {
  it('splits the comma-separated colour, trimming and dropping blanks and repeats', () => {
    expect(colourSwatches(' Black, Sierra Blue ,, sierra blue,Gold ').map((s) => s.name)).toEqual([
      'Black',
      'Sierra Blue',
      'Gold',
    ]);
  });

  it('defaults to Black when the colour is empty or missing', () => {
    for (const value of ['', ' , ', null, undefined]) expect(colourSwatches(value)).toEqual([{ name: 'Black', css: '#111827' }]);
  });

  it('colours known finishes, hex values, and unknown names in a neutral grey', () => {
    expect(swatchColour('Midnight')).toBe('#1e293b');
    expect(swatchColour('space grey')).toBe('#4b5563');
    expect(swatchColour('#ff0000')).toBe('#ff0000');
    expect(swatchColour('Unicorn Sparkle')).toBe('#94a3b8');
  });

  it('falls back to the first word of a marketing name that is a known colour', () => {
    expect(swatchColour('Onyx Black')).toBe('#18181b');
    expect(swatchColour('Astro Silver')).toBe('#c0c0c0');
    expect(swatchColour('Natural Titanium')).toBe('#b8b1a6');
    expect(swatchColour('So Purple')).toBe('#7e22ce');
  });

  it('outlines light swatches so they show on white', () => {
    expect(isLightSwatch(swatchColour('White'))).toBe(true);
    expect(isLightSwatch(swatchColour('Black'))).toBe(false);
    expect(isLightSwatch('transparent')).toBe(true);
  });
});

describe('RAM and storage badges', () => {
  it('lists RAM then storage, smallest first, without blanks or repeats', () => {
    expect(specBadges(['8GB', '4GB', '8GB', ' '], ['1TB', '128GB', '512GB'])).toEqual([
      { kind: 'RAM', value: '4GB' },
      { kind: 'RAM', value: '8GB' },
      { kind: 'Storage', value: '128GB' },
      { kind: 'Storage', value: '512GB' },
      { kind: 'Storage', value: '1TB' },
    ]);
  });

  it('has no badges when there is no RAM or storage (accessories)', () => {
    expect(specBadges([], [])).toEqual([]);
    expect(specBadges(undefined, null)).toEqual([]);
    expect(specBadges(['6GB'], [])).toEqual([{ kind: 'RAM', value: '6GB' }]);
  });
});
