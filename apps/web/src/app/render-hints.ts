import type { EnquiryFormState } from '@shop/shared';
import { createContext } from 'react';
import type { ShopInfo } from '../lib/shop-info.ts';

/**
 * What the server knows that a page's rendering needs: the listing's page size, guessed from the request (a phone
 * gets the mobile page size), since the server cannot measure the window, and its view, the device's choice (a
 * cookie); on the contact page, the form the browser sent itself and the server refused. On the server only, how a
 * page asks to be replaced by another address (a listing page past the last), as the browser would replace it, but
 * before anything is sent.
 */
export interface RenderHints {
  pageSize?: number;
  view?: 'grid' | 'list';
  enquiry?: EnquiryFormState;
  replace?: (url: string) => void;
}

export const RenderHintsContext = createContext<RenderHints>({});

/** The id of the JSON script in a server-rendered page that carries its shop and hints (entry-server.tsx). */
export const RENDER_STATE_ID = 'render-state';

export interface RenderState {
  /** The shop's identity a server-rendered page was rendered with, for its islands (islands.tsx). */
  shop?: ShopInfo;
  /** The instant the page was rendered for (lib/now.ts), when the shop has set its hours. */
  at?: number;
  /** For a page the browser draws itself (main.tsx): a refused contact form to draw as it was typed. */
  hints?: RenderHints;
}
