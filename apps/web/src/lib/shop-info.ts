import {
  DEFAULT_SHOP_NAME,
  dialledPhone,
  FALLBACK_ADDRESS,
  FALLBACK_EMAIL,
  FALLBACK_PHONE,
  smallestWidthUrl,
  type AppDetailsResponse,
  type OpeningHours,
} from '@shop/shared';
import { createContext, use } from 'react';

export const appDetailsKey = ['appdetail'] as const;

export interface ShopInfo {
  shopname: string;
  phoneno: string;
  email: string;
  address: string;
  logoUrl: string;
  social: { label: 'Facebook' | 'Instagram' | 'X'; url: string }[];
  /** A UK mobile, or '' when the shop has none. */
  whatsapp: string;
  /** Null when the shop has not set its hours: no opening status is shown. */
  hours: OpeningHours | null;
  /** True when no shop settings exist and the fallbacks are shown. */
  isFallback: boolean;
}

export const FALLBACK_LOGO = '/logo.svg';

const FALLBACK_SHOP_INFO: ShopInfo = {
  shopname: DEFAULT_SHOP_NAME,
  phoneno: FALLBACK_PHONE,
  email: FALLBACK_EMAIL,
  address: FALLBACK_ADDRESS,
  logoUrl: FALLBACK_LOGO,
  social: [],
  whatsapp: '',
  hours: null,
  isFallback: true,
};

/** The shop's identity from the first (oldest) shop settings record, with the spec's fallbacks. */
export function shopInfoOf(data: AppDetailsResponse | undefined): ShopInfo {
  const first = Array.isArray(data?.fetchAppDetail) ? data.fetchAppDetail[0] : undefined;
  if (!first) return FALLBACK_SHOP_INFO;
  const social = (
    [
      ['Facebook', first.facebook],
      ['Instagram', first.instagram],
      ['X', first.x],
    ] as const
  )
    .filter(([, url]) => Boolean(url))
    .map(([label, url]) => ({ label, url }));
  return {
    shopname: first.shopname,
    phoneno: first.phoneno,
    email: first.email,
    address: first.address,
    // Shown 40 px wide: the smallest width (400 px) is sharp on any screen, where the largest may be 1,600.
    logoUrl: first.file ? smallestWidthUrl(first.file) : FALLBACK_LOGO,
    social,
    whatsapp: first.whatsapp ?? '',
    hours: first.hours ?? null,
    isFallback: false,
  };
}

/**
 * The shop's identity where a page is drawn: the app provides it from its data (app/providers.tsx), a page's islands
 * from the page (islands.tsx), so the parts that show it need neither the data layer nor its code.
 */
export const ShopInfoContext = createContext<ShopInfo>(FALLBACK_SHOP_INFO);

export function useShopInfo(): ShopInfo {
  return use(ShopInfoContext);
}

/** 'tel:' link for a UK number as staff or a customer type it (dialledPhone). */
export function telHref(phone: string): string {
  return `tel:${dialledPhone(phone)}`;
}

export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A WhatsApp chat with a UK mobile (07700 900123 or +44 7700 900123), the message already typed. */
export function whatsappHref(phone: string, text: string): string {
  const digits = dialledPhone(phone).replace(/^\+/, '').replace(/^0/, '44');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
