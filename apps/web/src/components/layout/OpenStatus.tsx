import { Suspense } from 'react';
import { useNow } from '../../lib/now.ts';
import { LiveStatusText } from '../live.tsx';

/**
 * "Open now · closes 17:30" or "Closed now · opens Mon 09:00", worked out in the browser (a cached page stays right)
 * once it has taken the page over: the server sends the empty line, of the same height, so nothing moves.
 */
export function OpenStatus({ className = '' }: { className?: string }) {
  const live = useNow() !== null;
  return (
    <p className={`h-5 truncate text-sm leading-5 ${className}`} data-testid="open-status">
      {live && (
        <Suspense fallback={null}>
          <LiveStatusText />
        </Suspense>
      )}
    </p>
  );
}
