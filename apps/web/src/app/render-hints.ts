import type { EnquiryFormState } from '@shop/shared';
import type { DehydratedState } from '@tanstack/react-query';
import { createContext } from 'react';
import type { ShopInfo } from '../lib/shop-info.ts';

/**
 * What the server knew when it rendered the page and the browser must render the same way to take it over:
 * the listing's page size, guessed from the request (a phone gets the mobile page size), since the server
 * cannot measure the window; on the contact page, the form the browser sent itself and the server refused.
 */
export interface RenderHints {
  pageSize?: number;
  enquiry?: EnquiryFormState;
}

export const RenderHintsContext = createContext<RenderHints>({});

/** The id of the JSON script in a server-rendered page that carries its data and hints (entry-server.tsx). */
export const RENDER_STATE_ID = 'render-state';

export interface RenderState {
  /**
   * The data the page was rendered from, for the app to take it over whole (main.tsx); absent when the server could
   * not render it (entry-server.tsx), or sent it as islands.
   */
  queries?: DehydratedState;
  /** The shop's identity the page was rendered with, for its islands (islands.tsx). */
  shop?: ShopInfo;
  hints: RenderHints;
}

/**
 * The data of a rendered page without the times it was loaded at, so that the same data always renders the
 * same page: one ETag (browsers revalidate with a 304), compressed once. `withLoadTime` puts the time back in
 * the browser, where the data is as fresh as the page that brought it.
 */
export function withoutLoadTimes(state: DehydratedState): DehydratedState {
  return { ...state, queries: state.queries.map((q) => ({ ...q, dehydratedAt: 0, state: { ...q.state, dataUpdatedAt: 0 } })) };
}

export function withLoadTime(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({ ...q, dehydratedAt: now, state: { ...q.state, dataUpdatedAt: now } })),
  };
}
