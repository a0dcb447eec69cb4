/**
 * The browser's entry for a page it draws itself: the admin console, the sign-in pages, and a shop page the server
 * could not render (a page it rendered is started by islands.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { listenBeforeTheRouter } from './app/history-steps.ts';
import { MarkLive } from './app/mark-live.tsx';
import { createQueryClient } from './app/providers.tsx';
import { RENDER_STATE_ID, type RenderState } from './app/render-hints.ts';
import './index.css';

const rendered = document.getElementById(RENDER_STATE_ID);
// A refused contact form the server could not render comes with its hints: drawn with what the visitor typed.
const state = rendered?.textContent ? (JSON.parse(rendered.textContent) as RenderState) : undefined;

listenBeforeTheRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={createQueryClient()} hints={state?.hints} />
    <MarkLive />
  </StrictMode>,
);
