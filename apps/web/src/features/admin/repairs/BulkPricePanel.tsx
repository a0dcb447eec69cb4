import { bulkPriceSchema, decimalOf, formatGBP, type BulkPriceResponse, type PriceChange, phoneBrands } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type RefObject } from 'react';
import { Button } from '../../../components/Button.tsx';
import { InputField, NativeSelectField } from '../../../components/Fields.tsx';
import { ApiError, api, errorMessage } from '../../../lib/api.ts';
import { useModels, useRepairCategories } from '../../../lib/catalogue.ts';
import { adminKeys } from '../api/keys.ts';
import { Cell, DataTable, Row } from '../components/DataTable.tsx';
import { notifiedSignedOut, notifyWithUndo } from '../components/action-toast.tsx';
import { useFocusBackToOpener } from '../components/panel-focus.ts';
import { REPAIR_PRICES_CHANGED } from './repair-mutations.ts';

interface Values {
  model: string;
  repair: string;
  productname: string;
  direction: 'up' | 'down';
  value: string;
  type: 'percent' | 'amount';
  round: 'none' | 'whole' | '99';
}

const START: Values = { model: '', repair: '', productname: '', direction: 'up', value: '', type: 'percent', round: 'none' };

/**
 * The request body of a bulk change from the panel's values (the change signed by its direction); an apply sends the
 * preview it was shown, so that prices changed since are not changed unseen.
 */
function bodyOf(v: Values, dryRun: boolean, preview?: string) {
  // The direction says up or down: '-10' with Lower lowers by 10, as it reads, not raises.
  const size = Math.abs(decimalOf(v.value));
  return {
    model: v.model || undefined,
    repair: v.repair || undefined,
    productname: v.productname.trim() || undefined,
    change: { type: v.type, value: v.direction === 'down' ? -size : size },
    round: v.round,
    dryRun,
    ...(preview ? { preview } : {}),
  };
}

/**
 * The Phone Repair List's "Change prices" panel: a scope (brand, repair, phone name, or every price), a change (up or
 * down, by a percentage or an amount) and a rounding; Preview shows each price old → new and how many, Apply changes
 * them all at once and offers Undo.
 */
export function BulkPricePanel({
  onClose,
  onUndo,
  opener,
}: {
  onClose: () => void;
  /** Undoes the change of that id (what the server answered when it was applied). */
  onUndo: (change: string | undefined) => Promise<unknown>;
  /** The button that opened the panel, which gets the focus back when the panel closes with it. */
  opener?: RefObject<HTMLElement | null>;
}) {
  const client = useQueryClient();
  const panel = useFocusBackToOpener<HTMLElement>(opener);
  const previewButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const models = useModels();
  const repairs = useRepairCategories();
  const [values, setValues] = useState<Values>(START);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ changes: PriceChange[]; message: string; id?: string } | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | 'undo' | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A preview belongs to the values it was made from.
    setPreview(null);
    setProblem(null);
    setApplied(null);
  };

  // Whether the last change applied can still be undone, and its id: the panel's button and its toast's share them.
  const undoable = useRef(false);
  const appliedChange = useRef<string | undefined>(undefined);
  /**
   * Undo of the change `change`, from the panel or its toast: one request however often either is pressed, and none
   * once it is done. An earlier change's toast sends its own change, which the server refuses, a later one being last.
   */
  const undo = async (change: string | undefined) => {
    if (change !== appliedChange.current) {
      await onUndo(change).catch(() => undefined);
      return;
    }
    if (!undoable.current) return;
    undoable.current = false;
    setBusy('undo');
    // A refusal is told by the console's toast (useAdminMutation), and Undo is offered again.
    const done = await onUndo(change).then(
      () => true,
      () => false,
    );
    if (done) {
      // The Undo button goes with the change it undid: the focus it held goes to Preview, the next step, not to the page.
      if (document.activeElement === undoButton.current) previewButton.current?.focus();
      setApplied(null);
    } else undoable.current = true;
    setBusy(null);
  };

  const run = async (dryRun: boolean) => {
    const body = bodyOf(values, dryRun, dryRun ? undefined : preview?.id);
    const parsed = bulkPriceSchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the change');
      // As every form of the console: focus goes to the field to correct, which reads out its message.
      document.getElementById(`${id}-value`)?.focus();
      return;
    }
    setInvalid(null);
    setProblem(null);
    setBusy(dryRun ? 'preview' : 'apply');
    try {
      const res = await api<BulkPriceResponse>('/phonerepair/bulkprice', { method: 'POST', body });
      if (dryRun) {
        setPreview({ changes: res.changes, message: res.message ?? '', id: res.preview });
        return;
      }
      setPreview(null);
      const message = res.message ?? 'Prices changed';
      setApplied(message);
      const change = res.changeId;
      appliedChange.current = change;
      undoable.current = true;
      await Promise.all(
        [...REPAIR_PRICES_CHANGED, adminKeys.audit, adminKeys.fixes].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
      notifyWithUndo(message, () => void undo(change));
    } catch (err) {
      if (!notifiedSignedOut(err)) setProblem(errorMessage(err, 'Something went wrong'));
      // The prices moved since the preview: it no longer shows what Apply would do.
      if (err instanceof ApiError && err.status === 409) setPreview(null);
    } finally {
      setBusy(null);
    }
  };

  const brandOptions = phoneBrands(models.data).map((m) => ({ value: m._id, label: m.model }));
  const repairOptions = (repairs.data ?? []).filter((r) => r.status).map((r) => ({ value: r._id, label: r.repaircategory }));
  return (
    <section ref={panel} aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          Change prices
        </h2>
        <Button variant="secondary" onClick={onClose} aria-label="Close Change prices">
          Close
        </Button>
      </div>
      <form
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void run(true);
        }}
      >
        <fieldset>
          <legend className="mb-2 font-semibold text-ink">Which prices</legend>
          <div className="grid gap-4 md:grid-cols-3">
            <NativeSelectField
              label="Brand"
              name={`${id}-model`}
              required
              options={[{ value: '', label: 'All brands' }, ...brandOptions]}
              value={values.model}
              onChange={(e) => set('model', e.target.value)}
            />
            <NativeSelectField
              label="Repair"
              name={`${id}-repair`}
              required
              options={[{ value: '', label: 'All repairs' }, ...repairOptions]}
              value={values.repair}
              onChange={(e) => set('repair', e.target.value)}
            />
            <InputField
              label="Phone name (optional)"
              name={`${id}-phone`}
              placeholder="e.g. Apple iPhone 13"
              autoComplete="off"
              value={values.productname}
              onChange={(e) => set('productname', e.target.value)}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-semibold text-ink">Change</legend>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <NativeSelectField
              label="Up or down"
              name={`${id}-direction`}
              required
              options={[
                { value: 'up', label: 'Raise' },
                { value: 'down', label: 'Lower' },
              ]}
              value={values.direction}
              onChange={(e) => set('direction', e.target.value as Values['direction'])}
            />
            <InputField
              label="How much"
              name={`${id}-value`}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={values.value}
              error={invalid ? { message: invalid } : undefined}
              onChange={(e) => set('value', e.target.value)}
            />
            <NativeSelectField
              label="Percent or pounds"
              name={`${id}-type`}
              required
              options={[
                { value: 'percent', label: 'Percent (%)' },
                { value: 'amount', label: 'Pounds (£)' },
              ]}
              value={values.type}
              onChange={(e) => set('type', e.target.value as Values['type'])}
            />
            <NativeSelectField
              label="Rounding"
              name={`${id}-round`}
              required
              options={[
                { value: 'none', label: 'To the penny' },
                { value: 'whole', label: 'To whole pounds' },
                { value: '99', label: 'To .99' },
              ]}
              value={values.round}
              onChange={(e) => set('round', e.target.value as Values['round'])}
            />
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button ref={previewButton} type="submit" variant="secondary" busy={busy !== null}>
            {busy === 'preview' ? 'Working out…' : 'Preview'}
          </Button>
          {/* Without a preview to apply, Apply is aria-disabled, not disabled: pressed, it keeps the focus it has. */}
          <Button onClick={() => void run(false)} busy={busy !== null || !preview || preview.changes.length === 0}>
            {busy === 'apply'
              ? 'Applying…'
              : preview?.changes.length
                ? `Apply to ${preview.changes.length} ${preview.changes.length === 1 ? 'price' : 'prices'}`
                : 'Apply'}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4 space-y-3">
        {problem && (
          <p role="alert" className="font-medium text-red-700">
            {problem}
          </p>
        )}
        {applied && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
            <p className="flex-1 font-medium">{applied}.</p>
            <Button ref={undoButton} variant="secondary" onClick={() => void undo(appliedChange.current)} busy={busy === 'undo'}>
              Undo
            </Button>
          </div>
        )}
        {/* What a preview says is announced; its table, which may be hundreds of rows, is there to be read. */}
        {preview && <p className="font-medium text-ink">{preview.message}</p>}
      </div>
      {preview && preview.changes.length > 0 && (
        <div className="mt-3">
          <DataTable caption="Prices before and after the change" columns={['Phone', 'Model', 'Repair', 'Price']}>
            {preview.changes.map((c) => (
              <Row key={c._id}>
                <Cell className="font-medium">{c.productname}</Cell>
                <Cell>{c.model}</Cell>
                <Cell>{c.repair}</Cell>
                <Cell className="whitespace-nowrap">
                  <span className="text-slate-600">{formatGBP(c.from)}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> becomes </span>
                  <span className="font-semibold text-ink">{formatGBP(c.to)}</span>
                </Cell>
              </Row>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
