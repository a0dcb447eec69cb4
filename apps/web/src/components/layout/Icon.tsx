import { iconId, type IconName } from './icon-paths.ts';

export type { IconName };

/**
 * A decorative icon, drawn from the icon sprite in the page shell in the text colour; the control or text beside it
 * carries the meaning.
 */
export function Icon({ name, className = 'h-4 w-4' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
