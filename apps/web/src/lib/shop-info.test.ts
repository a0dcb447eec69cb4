import { describe, expect, it } from 'vitest';
import { telHref, whatsappHref } from './shop-info.ts';

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
