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
