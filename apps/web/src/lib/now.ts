import { createContext, use, useSyncExternalStore } from 'react';

/**
 * The instant a server-rendered page was rendered for (statusSince in @shop/shared: the start of the shop's status
 * then), which the server renders with and the browser takes the page over with; null where there is none.
 */
export const RenderedAtContext = createContext<number | null>(null);

/**
 * The time, for what depends on the clock (is the shop open?): on the server and while the browser takes over a
 * server-rendered page, the instant the page was rendered for (RenderedAtContext), so both render the same HTML;
 * then the visitor's time, renewed every half minute. One timer serves every component that reads it.
 */
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number | null {
  const renderedAt = use(RenderedAtContext);
  return useSyncExternalStore(
    subscribe,
    () => now || (now = Date.now()),
    () => renderedAt,
  );
}
