/**
 * The browser's entry for a shop page the server sent as islands (app/islands.ts): each interactive part is hydrated
 * alone, with the props the server rendered it from, and the rest of the page stays the server's HTML. No router and
 * no data library: links load pages, and what a part shows comes with it. public/boot.js loads this at the visitor's
 * first touch and replays a tap made before the page is live, which it is once every part has been hydrated.
 */
import { StrictMode, startTransition, Suspense, useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ISLANDS, type IslandName } from './app/islands.ts';
import { RENDER_STATE_ID, RenderHintsContext, type RenderState } from './app/render-hints.ts';
import { ShopInfoContext } from './lib/shop-info.ts';
import { Toaster, useToastsWanted } from './lib/toast.ts';

const rendered = document.getElementById(RENDER_STATE_ID)?.textContent;
const state = (rendered ? JSON.parse(rendered) : { hints: {} }) as RenderState;
const parts = [...document.querySelectorAll<HTMLElement>('[data-island]')];
let waiting = parts.length;

/** Counts a part hydrated; the page is live once every part is. */
function Hydrated() {
  useEffect(() => {
    if (--waiting === 0) document.documentElement.dataset.app = 'live';
  }, []);
  return null;
}

/** The toasts' container, in a root of its own, mounted at the first toast (lib/toast.ts). */
function Toasts() {
  return useToastsWanted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

createRoot(document.body.appendChild(document.createElement('div'))).render(<Toasts />);

// As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread until
// every part is live.
startTransition(() => {
  for (const part of parts) {
    const Part = ISLANDS[part.dataset.island as IslandName] as ComponentType<object>;
    const props = JSON.parse(part.dataset.props ?? '{}') as object;
    hydrateRoot(
      part,
      <StrictMode>
        <ShopInfoContext value={state.shop!}>
          <RenderHintsContext value={state.hints}>
            <Part {...props} />
            <Hydrated />
          </RenderHintsContext>
        </ShopInfoContext>
      </StrictMode>,
    );
  }
});
