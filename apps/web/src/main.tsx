import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPage } from './app/App.tsx';
import { createQueryClient } from './app/providers.tsx';
import { RENDER_STATE_ID, withLoadTime, type RenderState } from './app/render-hints.ts';
import './index.css';

const root = document.getElementById('root')!;
const client = createQueryClient();
const rendered = document.getElementById(RENDER_STATE_ID);

if (rendered?.textContent) {
  // The server rendered this page: take over its HTML with the very data it was rendered from.
  const state = JSON.parse(rendered.textContent) as RenderState;
  hydrate(client, withLoadTime(state.queries, Date.now()));
  // The page's chunk, usually here already (boot.js preloads it): once it is, the page hydrates with the frame
  // in one go. Hydration starts at once all the same, so a tap from now on is handled rather than lost.
  void preloadPage(window.location.pathname);
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
} else {
  createRoot(root).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
}
// The app is live: from now on a tap on the page is handled (hydration replays it if it is not done yet).
document.documentElement.dataset.app = 'live';
