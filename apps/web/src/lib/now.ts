import { useSyncExternalStore } from 'react';

/**
 * The time, for what depends on the visitor's clock (is the shop open?), read only in the browser: null on the
 * server and while the browser takes over a server-rendered page, so both render the same HTML; then the time,
 * renewed every half minute. One timer serves every component that reads it.
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
  return useSyncExternalStore(
    subscribe,
    () => now || (now = Date.now()),
    () => null,
  );
}
