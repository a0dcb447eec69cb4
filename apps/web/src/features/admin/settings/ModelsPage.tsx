import { MODEL_FIXES, isAccessoriesModel, messages, modelSchema, type Envelope } from '@shop/shared';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { keys, useModels } from '../../../lib/catalogue.ts';
import { applyServerFieldErrors, zodFieldMessages } from '../../../lib/form-errors.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Cell, DataTable, Row, LogoCell } from '../components/DataTable.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { FilePicker, FilePreview, usePickerReset } from '../components/FilePicker.tsx';
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

/**
 * Spec section 5: the name rules of the shared schema, and a logo unless the model is 'Accessories'. A valid name
 * without a logo goes to the server, which knows the archived brands: it restores one of them with its old logo
 * (docs/decisions/0006-catalogue-names-are-unique-archived-ones-restore.md), and refuses a new brand with the same
 * 'Logo is required' on the logo field.
 */
const resolver: Resolver<Values> = async (values): Promise<ResolverResult<Values>> => {
  const parsed = modelSchema.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const errors = zodFieldMessages(parsed.error);
  if (!values.file && !isAccessoriesModel(values.model)) errors.file = { type: 'required', message: messages.logoRequired };
  return { values: {}, errors };
};

/** Add Model: the brands offered in the shop's menus, filters and forms. */
export default function ModelsPage() {
  const { fix, clearFix } = useListParams(MODEL_FIXES);
  const fixTitle = fix ? MODEL_FIXES[fix as keyof typeof MODEL_FIXES] : undefined;
  const all = useModels();
  const withFix = useModelsWithFix(fix);
  const models = fix ? withFix : all;
  const form = useForm<Values>({ resolver, defaultValues: empty });
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
  const archive = useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/model/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: changed,
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const file = form.watch('file');
  const rows = (models.data ?? []).filter((m) => m.status);
  const { pickerKey, reset } = usePickerReset(form);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      reset(empty);
    } catch (err) {
      applyServerFieldErrors(err, ['model', 'file'], form.setError);
    }
  });

  return (
    <AdminPage title="Add Model">
      <Panel title="New model">
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
              buttonText={file ? 'Change logo' : 'Choose logo'}
              hint="Not needed for Accessories."
              error={errors.file?.message}
              onFiles={([picked]) => form.setValue('file', picked ?? null, { shouldValidate: isSubmitted })}
            />
            {file && (
              <ul aria-label="Chosen logo" className="mt-3">
                <FilePreview
                  file={file}
                  removeLabel="Remove logo"
                  onRemove={() => form.setValue('file', null, { shouldValidate: isSubmitted })}
                />
              </ul>
            )}
          </div>
          <div className="md:col-span-2">
            <Button type="submit" busy={isSubmitting}>
              {isSubmitting ? 'Submitting…' : 'Submit'}
            </Button>
          </div>
        </form>
      </Panel>
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
                      <ConfirmButton
                        label={`Archive ${m.model}`}
                        title="Archive model?"
                        message={`“${m.model}” will leave the shop's menus, filters and forms. Its products and repair prices keep showing it.`}
                        confirmLabel="Archive"
                        disabled={fixed || (archive.isPending && archive.variables === m._id)}
                        onConfirm={() => archive.mutate(m._id)}
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
    </AdminPage>
  );
}
