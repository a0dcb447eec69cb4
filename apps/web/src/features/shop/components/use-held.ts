import { useEffect, useState, type FocusEvent } from 'react';

/**
 * Whether the pointer or the keyboard's focus is on an element, and the handlers that tell it so: a slider or a
 * carousel holds still while a visitor is on it.
 */
export function useHeld() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return [hovered || focused, handlers] as const;
}

/**
 * Whether a visitor stopped the slides with the pause button, and the press that stops or plays them. A visitor who
 * asks for less motion (`prefers-reduced-motion`) finds them stopped, the button offering to play them: set once the
 * page is drawn, so a page drawn on the server (which cannot know) hydrates as it was sent.
 */
export function useStopped() {
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setStopped(true);
  }, []);
  return [stopped, () => setStopped((s) => !s)] as const;
}

/**
 * A slide dot (a background in a round span) in forced colours, where a background alone would vanish: the text's
 * colour, the current one the highlight's. Its button is the `group` whose aria-current marks the current one.
 */
export const FORCED_DOT =
  'forced-colors:bg-[CanvasText] forced-colors:forced-color-adjust-none forced-colors:group-aria-[current=true]:bg-[Highlight]';
