import type { MouseEvent } from 'react';

/**
 * A click the page may answer itself instead of the browser: the main button, no modifier key (which opens a new tab
 * or window, or downloads), and not already handled.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
