import { useRef, useState, type RefObject } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog, openDialog } from './ConfirmButton.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { PencilIcon } from './icons.tsx';

/** The form's Submit, or Update and Cancel while a record is open in it. */
export function EditFormButtons({ editing, busy, onCancel }: { editing: boolean; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3 md:col-span-2">
      <Button type="submit" busy={busy}>
        {busy ? (editing ? 'Updating…' : 'Submitting…') : editing ? 'Update' : 'Submit'}
      </Button>
      {editing && (
        <Button variant="secondary" onClick={onCancel} busy={busy}>
          Cancel
        </Button>
      )}
    </div>
  );
}

/** A row's Edit button, which opens the record in the page's form: 'Edit Samsung'. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Edit ${name}`}
      onClick={onClick}
      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      <PencilIcon className="h-4 w-4" />
      Edit
    </button>
  );
}

interface Options<T, V extends FieldValues> {
  /** The record being edited, none for a new one: the page's state, which its form's checks read too. */
  editing: T | null;
  setEditing: (record: T | null) => void;
  form: UseFormReturn<V>;
  /** The form's reset (usePickerReset's, which also empties its file picker). */
  reset: (values: V) => void;
  /** The form's values for a record, and for a new one. */
  valuesOf: (record: T) => V;
  empty: V;
  /** The field that takes the focus when a record is opened. */
  focus: Path<V>;
  /** The panel holding the form, scrolled into view when a record is opened. */
  panel: RefObject<HTMLElement | null>;
  /** What the record is called, as the question before discarding names it. */
  nameOf: (record: T) => string;
}

/**
 * A page whose one form adds a record or, after a row's Edit, changes that one (App Information, Add Model). Edit
 * fills the form with the record; with something typed in the form, the admin is asked first, as on leaving the page
 * (`dialog`, to render).
 */
export function useEditInPlace<T, V extends FieldValues>(options: Options<T, V>) {
  const { editing, setEditing, form, reset, valuesOf, empty, focus, panel, nameOf } = options;
  // The record being edited now, for a deletion that ends after the admin moved on to another.
  const editingNow = useRef(editing);
  editingNow.current = editing;
  const { isDirty, isSubmitting } = form.formState;
  const fill = (record: T | null) => {
    setEditing(record);
    reset(record ? valuesOf(record) : empty);
  };
  const edit = (record: T) => {
    fill(record);
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Once the reset form is drawn again: reset() lets go of the fields it had.
    requestAnimationFrame(() => form.setFocus(focus));
  };
  const discard = useRef<HTMLDialogElement>(null);
  const [asked, setAsked] = useState<T | null>(null);
  const askToEdit = (record: T) => {
    if (!isDirty) return edit(record);
    setAsked(record);
    openDialog(discard.current);
  };
  const dialog = (
    <>
      <ConfirmDialog
        ref={discard}
        title="Discard your changes?"
        message={`What you typed in the form will be lost, and “${asked ? nameOf(asked) : ''}” opened for editing.`}
        confirmLabel="Discard changes"
        onConfirm={() => asked && edit(asked)}
      />
      <LeaveGuard unsaved={isDirty && !isSubmitting} />
    </>
  );
  return { editingNow, stopEditing: () => fill(null), askToEdit, dialog };
}
