import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPage } from './app/App.tsx';
import { MarkLive } from './app/mark-live.tsx';
import { createQueryClient } from './app/providers.tsx';
import { RENDER_STATE_ID, withLoadTime, type RenderState } from './app/render-hints.ts';
import './index.css';

const root = document.getElementById('root')!;
const client = createQueryClient();
const rendered = document.getElementById(RENDER_STATE_ID);
const state = rendered?.textContent ? (JSON.parse(rendered.textContent) as RenderState) : undefined;

if (state?.queries) {
  // The server rendered this page: take over its HTML with the very data it was rendered from.
  hydrate(client, withLoadTime(state.queries, Date.now()));
  // Hydration waits for the page's chunk (boot.js has been preloading it alongside this entry, so it is usually
  // here already). Hydrating without it would leave the page suspended, and React drops a tap on a part of the page
  // it cannot hydrate yet; with it, a tap during hydration makes React finish hydrating and handle it.
  void preloadPage(window.location.pathname).finally(() => {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread until the whole page is live.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App client={client} hints={state.hints} />
        </StrictMode>,
      );
    });
  });
} else {
  // Drawn here alone: a page the server does not render, or could not (its hints may have come even then).
  createRoot(root).render(
    <StrictMode>
      <App client={client} hints={state?.hints} />
      <MarkLive />
    </StrictMode>,
  );
}
