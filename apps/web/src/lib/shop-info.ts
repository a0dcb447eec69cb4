import {
  DEFAULT_SHOP_NAME,
  FALLBACK_ADDRESS,
  FALLBACK_EMAIL,
  FALLBACK_PHONE,
  type AppDetailsResponse,
  type OpeningHours,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

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

/** The shop's identity from the first (oldest) shop settings record, with the spec's fallbacks. */
export function useShopInfo(): ShopInfo {
  const { data } = useQuery({
    queryKey: appDetailsKey,
    queryFn: ({ signal }) => api<AppDetailsResponse>('/appdetail/getall', { signal }),
    staleTime: 5 * 60_000,
  });
  const first = Array.isArray(data?.fetchAppDetail) ? data.fetchAppDetail[0] : undefined;
  if (!first) {
    return {
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
  }
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
    logoUrl: first.file?.secure_url ?? FALLBACK_LOGO,
    social,
    whatsapp: first.whatsapp ?? '',
    hours: first.hours ?? null,
    isFallback: false,
  };
}

/** 'tel:' link for a UK number as staff type it: spaces and brackets removed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A WhatsApp chat with a UK mobile (07700 900123 or +44 7700 900123), the message already typed. */
export function whatsappHref(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0/, '44');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
