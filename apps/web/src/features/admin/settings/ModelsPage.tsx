import { MODEL_FIXES, isAccessoriesModel, messages, modelSchema, type Envelope, type Model } from '@shop/shared';
import { useRef, useState } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { keys, useModels } from '../../../lib/catalogue.ts';
import { applyServerFieldErrors, zodFieldMessages } from '../../../lib/form-errors.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Cell, DataTable, Row, LogoCell } from '../components/DataTable.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { FilePicker, FilePreview, ImagePreview, usePickerReset } from '../components/FilePicker.tsx';
import { EditButton, EditFormButtons, useEditInPlace } from '../components/edit-in-place.tsx';
import { ArchiveIcon } from '../components/icons.tsx';
import { AdminPage, Panel } from '../components/Page.tsx';
import { FixNotice } from '../components/FixNotice.tsx';
import { useListParams } from '../api/list-params.ts';
import { useModelsWithFix } from '../api/queries.ts';

interface Values {
  model: string;
  file: File | null;
}

const empty: Values = { model: '', file: null };
const valuesOf = (m: Model): Values => ({ model: m.model, file: null });

/**
 * Spec section 5: the name rules of the shared schema, and a logo unless the model is 'Accessories' or is being
 * edited (a new logo then replaces its own). A valid name without a logo goes to the server, which knows the archived
 * brands: it restores one of them with its old logo
 * (docs/decisions/0006-catalogue-names-are-unique-archived-ones-restore.md), and refuses a new brand with the same
 * 'Logo is required' on the logo field.
 */
const checkFor =
  (editing: boolean): Resolver<Values> =>
  async (values): Promise<ResolverResult<Values>> => {
    const parsed = modelSchema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors = zodFieldMessages(parsed.error);
    if (!values.file && !editing && !isAccessoriesModel(values.model))
      errors.file = { type: 'required', message: messages.logoRequired };
    return { values: {}, errors };
  };

/**
 * Add Model: the brands offered in the shop's menus, filters and forms. A row's Edit opens it in the form, to fix its
 * name (its repair pages move to the new address, the old one leading there) or give it a new logo.
 */
export default function ModelsPage() {
  const { fix, clearFix } = useListParams(MODEL_FIXES);
  const fixTitle = fix ? MODEL_FIXES[fix as keyof typeof MODEL_FIXES] : undefined;
  const all = useModels();
  const withFix = useModelsWithFix(fix);
  const models = fix ? withFix : all;
  const [editing, setEditing] = useState<Model | null>(null);
  const formPanel = useRef<HTMLDivElement>(null);
  const form = useForm<Values>({ resolver: (...args) => checkFor(editing !== null)(...args), defaultValues: empty });
  const changed = [keys.models, keys.products, keys.phoneRepairs];
  const create = useAdminMutation({
    mutationFn: (values: Values) => {
      const body = new FormData();
      body.append('model', values.model.trim());
      if (values.file) body.append('file', values.file);
      return api<Envelope>('/model/create', { method: 'POST', body });
    },
    invalidate: changed,
  });
  const update = useAdminMutation({
    mutationFn: ({ id, values }: { id: string; values: Values }) => {
      const body = new FormData();
      body.append('model', values.model.trim());
      if (values.file) body.append('file', values.file);
      return api<Envelope>(`/model/update/${encodeURIComponent(id)}`, { method: 'PUT', body });
    },
    invalidate: changed,
    fallback: 'An error occurred',
  });
  const archive = useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/model/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: changed,
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const file = form.watch('file');
  const rows = (models.data ?? []).filter((m) => m.status);
  const { pickerKey, reset } = usePickerReset(form);
  const { editingNow, stopEditing, askToEdit, dialog } = useEditInPlace({
    editing,
    setEditing,
    form,
    reset,
    valuesOf,
    empty,
    focus: 'model',
    panel: formPanel,
    nameOf: (m) => m.model,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) await update.mutateAsync({ id: editing._id, values });
      else await create.mutateAsync(values);
      stopEditing();
    } catch (err) {
      applyServerFieldErrors(err, ['model', 'file'], form.setError);
    }
  });

  return (
    <AdminPage title="Add Model">
      <div ref={formPanel}>
        <Panel title={editing ? `Edit ${editing.model}` : 'New model'}>
          <form noValidate onSubmit={submit} className="grid gap-5 md:grid-cols-2">
            <InputField
              label="Model Name"
              placeholder="e.g. Samsung"
              autoComplete="off"
              error={errors.model}
              {...form.register('model', { deps: ['file'] })}
            />
            <div>
              <FilePicker
                key={pickerKey}
                id="logo"
                label="Logo"
                buttonText={file || editing?.file ? 'Change logo' : 'Choose logo'}
                hint={editing ? 'Leave it to keep the current logo.' : 'Not needed for Accessories.'}
                error={errors.file?.message}
                onFiles={([picked]) => form.setValue('file', picked ?? null, { shouldValidate: isSubmitted, shouldDirty: true })}
              />
              {file ? (
                <ul aria-label="Chosen logo" className="mt-3">
                  <FilePreview
                    file={file}
                    removeLabel="Remove logo"
                    onRemove={() => form.setValue('file', null, { shouldValidate: isSubmitted, shouldDirty: true })}
                  />
                </ul>
              ) : (
                editing?.file && (
                  <ul aria-label="Current logo" className="mt-3">
                    <ImagePreview src={editing.file.secure_url} srcSet={editing.file.srcset} alt="Current logo" removeLabel="" />
                  </ul>
                )
              )}
            </div>
            <EditFormButtons editing={editing !== null} busy={isSubmitting} onCancel={stopEditing} />
          </form>
        </Panel>
      </div>
      <Panel>
        {fixTitle && <FixNotice title={fixTitle} onClear={clearFix} />}
        {models.isPending ? (
          <Spinner />
        ) : models.isError ? (
          <EmptyState tone="error">{errorMessage(models.error, 'Error loading data')}</EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState>{fixTitle ? 'Every brand has repair prices.' : 'No data available'}</EmptyState>
        ) : (
          <DataTable caption="Models (brands)" columns={['ID', 'Model', 'Logo', 'Action']}>
            {rows.map((m, i) => {
              const fixed = isAccessoriesModel(m.model);
              return (
                <Row key={m._id}>
                  <Cell>{i + 1}</Cell>
                  <Cell className="font-medium">{m.model}</Cell>
                  <LogoCell src={m.file?.secure_url} srcSet={m.file?.srcset} alt={`${m.model} logo`} />
                  <Cell>
                    <div className="flex flex-wrap items-center gap-2">
                      {!fixed && <EditButton name={m.model} onClick={() => askToEdit(m)} />}
                      <ConfirmButton
                        label={`Archive ${m.model}`}
                        title="Archive model?"
                        message={`“${m.model}” will leave the shop's menus, filters and forms. Its products and repair prices keep showing it.`}
                        confirmLabel="Archive"
                        disabled={fixed}
                        pending={archive.isPending && archive.variables === m._id}
                        onConfirm={() =>
                          // An archived brand leaves the form too: it is no longer one to edit here.
                          archive.mutateAsync(m._id).then(
                            () => {
                              if (editingNow.current?._id === m._id) stopEditing();
                            },
                            () => undefined,
                          )
                        }
                      >
                        <ArchiveIcon className="h-4 w-4" />
                        Archive
                      </ConfirmButton>
                      {fixed && <span className="text-sm text-slate-600">Marks accessories; always kept</span>}
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </Panel>
      {dialog}
    </AdminPage>
  );
}
