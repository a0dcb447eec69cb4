/**
 * What public/boot.js listens for on a part of the page it drives until the app has hydrated it (the home page's
 * slider, a product's gallery): from then on the app's component answers, going on from what boot.js left on screen.
 */
export const TAKEN_OVER = 'taken-over';

/**
 * Tells boot.js the app has taken `el` over, and says which of `el`'s `items` boot.js left shown: its index, -1 for
 * none. Call it in a layout effect, before the first paint after hydration: hydration drew the first item's state over
 * nothing (it keeps the server's DOM), so drawing the item shown sets every attribute that differs.
 */
export function takeOver(el: HTMLElement, items: string, isShown: (item: Element) => boolean): number {
  el.dispatchEvent(new Event(TAKEN_OVER));
  return [...el.querySelectorAll(items)].findIndex(isShown);
}
