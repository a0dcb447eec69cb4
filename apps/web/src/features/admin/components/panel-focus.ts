import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A panel a button opens (Change prices, Import CSV): when it closes while it holds the focus (its Close, a finished
 * import), the focus goes back to that button, where the admin was, instead of to the top of the page. Returns the
 * ref for the panel's element.
 */
export function useFocusBackToOpener<T extends HTMLElement>(opener: RefObject<HTMLElement | null> | undefined) {
  const panel = useRef<T>(null);
  useLayoutEffect(() => {
    const element = panel.current;
    const button = opener?.current;
    // Runs as the panel leaves, while the focus is still in it.
    return () => {
      if (!element?.contains(document.activeElement)) return;
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) button?.focus();
      });
    };
  }, [opener]);
  return panel;
}

/**
 * Called by a Remove button that takes its own row away (an opening, a closure, a picture): once the list is drawn
 * without the row, the focus goes to the Remove button now in its place, else to the list's last one, else to
 * `fallback` (what adds a row), instead of falling to the top of the page. The list is the button's closest
 * `[data-removable]`; its Remove buttons carry `data-remove`.
 */
export function keepFocusOnRemove(button: HTMLElement, fallback: () => HTMLElement | null) {
  const list = button.closest<HTMLElement>('[data-removable]');
  const index = list ? [...list.querySelectorAll('[data-remove]')].indexOf(button) : -1;
  setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const left = list?.isConnected ? [...list.querySelectorAll<HTMLElement>('[data-remove]')] : [];
    (left[Math.min(index, left.length - 1)] ?? fallback())?.focus();
  });
}
