import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPage } from './app/App.tsx';
import { createQueryClient } from './app/providers.tsx';
import { RENDER_STATE_ID, withLoadTime, type RenderState } from './app/render-hints.ts';
import './index.css';

const root = document.getElementById('root')!;
const client = createQueryClient();
const rendered = document.getElementById(RENDER_STATE_ID);

/**
 * Marks the app live once React has committed the page (hydrated it, or drawn it) and run the page's own effects: from
 * then on a tap on the page is the app's. Rendered after the app, so its effect runs after the app's. Setting it when
 * hydration was only scheduled let a tap (boot.js's replay, or a journey's) race hydration.
 */
function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return null;
}

if (rendered?.textContent) {
  // The server rendered this page: take over its HTML with the very data it was rendered from.
  const state = JSON.parse(rendered.textContent) as RenderState;
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
          <MarkLive />
        </StrictMode>,
      );
    });
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App client={client} />
      <MarkLive />
    </StrictMode>,
  );
}
