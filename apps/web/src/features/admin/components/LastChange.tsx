import { formatUkDateTime, type LastChangeResponse, type UndoableChange } from '@shop/shared';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';

/** How long a list offers its last change to undo after it was made: the day's work, not last month's. */
const LAST_CHANGE_OFFERED_MS = 24 * 60 * 60 * 1000;

interface Props {
  /** The API's read of the last change (GET /phonerepair/bulkprice/last, /product/import/last). */
  path: string;
  queryKey: QueryKey;
  /** What an undo of the change does, asked before it is done. */
  consequence: (change: UndoableChange) => string;
  /** Undoes the change; called once however often Undo is confirmed while it is under way. */
  onUndo: (change: UndoableChange) => Promise<unknown>;
}

/**
 * The last bulk change or import of a list, offered to undo when the admin comes back to it: the toast's and the
 * panel's Undo last only as long as the admin stays. Asked first, as it may come long after the change. Once some of
 * what it set was changed or deleted since, an undo would be refused: the strip says so in place of Undo.
 */
export function LastChange({ path, queryKey, consequence, onUndo }: Props) {
  const undoing = useRef(false);
  const last = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<LastChangeResponse>(path, { signal }).then((r) => r.lastChange),
    staleTime: 0,
  });
  const change = last.data;
  if (!change || Date.now() - Date.parse(change.at) > LAST_CHANGE_OFFERED_MS) return null;
  return (
    <section
      aria-label="Last change"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm"
    >
      <p className="min-w-0 flex-1 wrap-anywhere text-slate-700">
        Last change, {formatUkDateTime(change.at)}: <strong className="text-ink">{change.label}</strong>
        {change.undoRefused && <span className="block">{change.undoRefused}.</span>}
      </p>
      {!change.undoRefused && (
        <ConfirmButton
          label={`Undo ${change.label}`}
          title="Undo this change?"
          message={consequence(change)}
          confirmLabel="Undo"
          onConfirm={() => {
            if (undoing.current) return;
            undoing.current = true;
            void onUndo(change)
              .catch(() => undefined)
              .finally(() => (undoing.current = false));
          }}
        >
          Undo
        </ConfirmButton>
      )}
    </section>
  );
}
