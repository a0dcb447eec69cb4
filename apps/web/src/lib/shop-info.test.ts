import type { AppDetail } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOGO, shopInfoOf, telHref, whatsappHref } from './shop-info.ts';

describe('links to call or message a number', () => {
  it('dial a UK number however its country code and trunk 0 are written', () => {
    for (const written of ['07700 900123', '+44 (0)7700 900123', '0044 7700 900123', '+44 7700-900123']) {
      expect(whatsappHref(written, 'Hi'), written).toBe('https://wa.me/447700900123?text=Hi');
    }
    expect(telHref('+44 (0)7700 900123')).toBe('tel:+447700900123');
    expect(telHref('0044 7700 900123')).toBe('tel:+447700900123');
    expect(telHref('(0118) 496 0000')).toBe('tel:01184960000');
  });
});

const settings = (file: AppDetail['file']) =>
  shopInfoOf({ success: true, fetchAppDetail: [{ shopname: 'Kingsway Mobiles', file, hours: null } as AppDetail] });

describe('the shop’s logo in the top bar', () => {
  it('is the smallest stored width of the uploaded logo, which the 40 px bar needs, not the largest', () => {
    const file = {
      secure_url: '/media/c.webp',
      width: 1600,
      height: 1600,
      srcset: '/media/a.webp 400w, /media/b.webp 800w, /media/c.webp 1600w',
    };
    expect(settings(file).logoUrl).toBe('/media/a.webp');
  });

  it('is the uploaded logo itself when it was stored at one width, and the shop’s fallback when there is none', () => {
    expect(settings({ secure_url: '/media/a.webp', width: 300, height: 300, srcset: '/media/a.webp 300w' }).logoUrl).toBe(
      '/media/a.webp',
    );
    expect(settings(null).logoUrl).toBe(FALLBACK_LOGO);
    expect(shopInfoOf(undefined).logoUrl).toBe(FALLBACK_LOGO);
  });
});
