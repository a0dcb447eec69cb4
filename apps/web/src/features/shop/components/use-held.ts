import { useState, type FocusEvent } from 'react';

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
