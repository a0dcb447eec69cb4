import type { DehydratedState } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * What the server knew when it rendered the page and the browser must render the same way to take it over:
 * the listing's page size, guessed from the request (a phone gets the mobile page size), since the server
 * cannot measure the window.
 */
export interface RenderHints {
  pageSize?: number;
}

export const RenderHintsContext = createContext<RenderHints>({});

/** The id of the JSON script in a server-rendered page that carries its data and hints (entry-server.tsx). */
export const RENDER_STATE_ID = 'render-state';

export interface RenderState {
  queries: DehydratedState;
  hints: RenderHints;
}
