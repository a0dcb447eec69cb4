/**
 * Back and Forward, as the app hears them: a step the held-steps function takes (returns true for) is kept from the
 * router. The console's LeaveGuard holds them while a form has changes not saved.
 */
let held: ((event: PopStateEvent) => boolean) | null = null;

/**
 * Listens for Back and Forward ahead of the router, which hears them from the same event: installed by the app's
 * entry (main.tsx) before the router starts, as a window's listeners hear an event in the order they were added.
 */
export function listenBeforeTheRouter() {
  window.addEventListener('popstate', (event) => {
    if (held?.(event)) event.stopImmediatePropagation();
  });
}

/** Gives the steps to `take` until the returned function lets go of them. */
export function holdSteps(take: (event: PopStateEvent) => boolean): () => void {
  held = take;
  return () => {
    if (held === take) held = null;
  };
}
