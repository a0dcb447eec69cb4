/**
 * What public/boot.js listens for on a part of the page it drives until the app has hydrated it (the home page's
 * slider, a product's gallery): from then on the app's component answers, going on from what boot.js left on screen.
 */
export const TAKEN_OVER = 'taken-over';

/** Tells boot.js the app has taken `el` over; call it in a layout effect, before the first paint after hydration. */
export const takeOver = (el: HTMLElement) => el.dispatchEvent(new Event(TAKEN_OVER));
