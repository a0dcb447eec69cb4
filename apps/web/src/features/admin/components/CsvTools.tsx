import type { ImportResponse } from '@shop/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Button } from '../../../components/Button.tsx';
import { api, errorMessage, query } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { adminKeys } from '../api/keys.ts';
import { notifiedSignedOut } from './action-toast.tsx';
import { Cell, DataTable, Row } from './DataTable.tsx';
import { DownloadIcon } from './icons.tsx';
import { useFocusBackToOpener } from './panel-focus.ts';

/** A link that downloads the list as CSV, with the list's current search and filters; `what` names the list. */
export function ExportLink({ path, params, what }: { path: string; params: Record<string, string>; what: string }) {
  return (
    <a
      href={`/api${path}${query(params)}`}
      download
      className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
    >
      <DownloadIcon />
      Export CSV<span className="sr-only"> of {what}</span>
    </a>
  );
}

interface ImportProps {
  /** The API path of the import, e.g. '/phonerepair/import'. */
  path: string;
  /** What the file holds, for the panel's words: 'repair prices' (one is 'repair price'). */
  noun: string;
  /** The columns a file takes, shown as a hint. */
  columns: string;
  /** Query keys of the lists an import changes. */
  invalidate: QueryKey[];
  /** Called with the done import's message and the change it kept: offer an Undo where the import can be undone. */
  onImported?: (message: string, changeId: string | undefined) => void;
  onClose: () => void;
  /** The button that opened the panel, which gets the focus back when the panel closes with it. */
  opener?: RefObject<HTMLElement | null>;
}

type Stage = { file: File; check: ImportResponse } | null;

const count = (n: number) => n.toLocaleString('en-GB');
/** '1 repair price', '2 repair prices'. */
const rowsOf = (n: number, noun: string) => `${count(n)} ${n === 1 ? noun.replace(/s$/, '') : noun}`;

/**
 * Import from a CSV file: choosing the file runs a dry run, which shows what would be created, updated and left as it
 * is, and a table of every error (line, column, message) to fix first; Apply imports it for real, all or nothing.
 */
export function ImportPanel({ path, noun, columns, invalidate, onImported, onClose, opener }: ImportProps) {
  const client = useQueryClient();
  const panel = useFocusBackToOpener<HTMLElement>(opener);
  const inputId = useId();
  const hintId = useId();
  const [stage, setStage] = useState<Stage>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: File, dryRun: boolean) => {
    const body = new FormData();
    body.append('file', file);
    return api<ImportResponse>(`${path}${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body });
  };

  const input = useRef<HTMLInputElement>(null);
  // Disabled while its file is checked, the file input loses the focus to the page: it takes it back once enabled.
  const refocus = useRef(false);
  useEffect(() => {
    if (busy !== null || !refocus.current) return;
    refocus.current = false;
    if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
  }, [busy]);
  const check = async (file: File) => {
    setProblem(null);
    setStage(null);
    refocus.current = document.activeElement === input.current;
    setBusy('checking');
    try {
      setStage({ file, check: await send(file, true) });
    } catch (err) {
      if (!notifiedSignedOut(err)) setProblem(errorMessage(err, 'The file could not be checked'));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!stage) return;
    setBusy('importing');
    try {
      const res = await send(stage.file, false);
      await Promise.all(
        [...invalidate, adminKeys.audit, adminKeys.fixes].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
      if (onImported && res.created + res.updated > 0) onImported(res.message ?? 'Imported', res.changeId);
      else notify('success', res.message ?? 'Imported');
      onClose();
    } catch (err) {
      if (notifiedSignedOut(err)) return;
      // The shop changed since the check: check the file again to show what stands in the way now.
      const message = errorMessage(err, 'The import failed');
      await check(stage.file);
      setProblem(message);
    } finally {
      setBusy(null);
    }
  };

  const result = stage?.check;
  const nothingToDo = result !== undefined && result.created + result.updated === 0;
  return (
    <section
      ref={panel}
      aria-labelledby={`${inputId}-title`}
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${inputId}-title`} className="text-lg font-semibold text-ink">
          Import {noun} from CSV
        </h2>
        <Button variant="secondary" onClick={onClose} aria-label="Close the import">
          Close
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        Columns: {columns}. Rows that match one already in the shop update it; the others are added. Nothing is imported until the
        file has no errors.
      </p>
      <div className="mt-4">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          className="peer sr-only"
          disabled={busy !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void check(file);
          }}
        />
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center rounded-lg border border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          {stage ? 'Choose another file' : 'Choose CSV file'}
        </label>
      </div>
      <div aria-live="polite" className="mt-4 space-y-4">
        {busy === 'checking' && <p className="text-slate-700">Checking the file…</p>}
        {problem && (
          <p role="alert" className="font-medium text-red-700">
            {problem}
          </p>
        )}
        {result && stage && (
          <>
            <p className="font-medium text-ink">
              {stage.file.name}: {result.message}
            </p>
            {result.errors.length > 0 ? (
              <>
                <p className="text-red-700">Fix these rows in the file and choose it again (line 1 is the header).</p>
                <DataTable caption={`Errors in ${stage.file.name}`} columns={['Line', 'Column', 'Message']}>
                  {result.errors.map((e, i) => (
                    <Row key={`${e.line}-${e.column}-${i}`}>
                      <Cell>{e.line}</Cell>
                      <Cell>{e.column || 'Whole row'}</Cell>
                      <Cell className="text-red-700">{e.message}</Cell>
                    </Row>
                  ))}
                </DataTable>
              </>
            ) : nothingToDo ? (
              <p className="text-slate-700">
                {result.unchanged === 0
                  ? 'This file has no rows: there is nothing to import.'
                  : 'Everything in this file is already in the shop: there is nothing to import.'}
              </p>
            ) : (
              <Button onClick={() => void apply()} busy={busy !== null}>
                {busy === 'importing' ? 'Importing…' : `Apply: import ${rowsOf(result.created + result.updated, noun)}`}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
