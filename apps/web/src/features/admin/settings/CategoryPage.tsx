import type { Envelope } from '@shop/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Cell, DataTable, Row } from '../components/DataTable.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { ArchiveIcon } from '../components/icons.tsx';
import { LeaveGuard } from '../components/LeaveGuard.tsx';
import { AdminPage, Panel } from '../components/Page.tsx';

interface Row {
  _id: string;
  status: boolean;
  name: string;
}

interface Config {
  title: string;
  /** The API's name for the record's one field: 'category' or 'repaircategory'. */
  field: string;
  fieldLabel: string;
  schema: z.ZodType;
  createPath: string;
  deletePath: (id: string) => string;
  invalidate: QueryKey[];
  createFallback: string;
  columnLabel: string;
  query: { data: Row[] | undefined; isPending: boolean; isError: boolean; error: unknown };
}

type Values = { name: string };

/** Add Repair Category and Add Acc Category: a one-field add form and the active records with an archive button. */
export function CategoryPage({
  title,
  field,
  fieldLabel,
  schema,
  createPath,
  deletePath,
  invalidate,
  createFallback,
  columnLabel,
  query,
}: Config) {
  const resolver: Resolver<Values> = async (values): Promise<ResolverResult<Values>> => {
    const parsed = schema.safeParse({ [field]: values.name });
    if (parsed.success) return { values, errors: {} };
    return { values: {}, errors: { name: { type: 'validation', message: parsed.error.issues[0]?.message ?? '' } } };
  };
  const form = useForm<Values>({ resolver, defaultValues: { name: '' } });
  const create = useAdminMutation({
    mutationFn: (values: Values) => api<Envelope>(createPath, { method: 'POST', body: { [field]: values.name.trim() } }),
    invalidate,
    fallback: createFallback,
  });
  const archive = useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(deletePath(id), { method: 'DELETE' }),
    invalidate,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const rows = (query.data ?? []).filter((r) => r.status);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      form.reset({ name: '' });
    } catch (err) {
      applyServerFieldErrors(err, ['name'], form.setError, { [field]: 'name' });
    }
  });

  return (
    <AdminPage title={title}>
      <Panel title={`New ${fieldLabel.toLowerCase()}`}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <InputField label={fieldLabel} autoComplete="off" className="flex-1" error={errors.name} {...form.register('name')} />
          <LeaveGuard unsaved={isDirty && !isSubmitting} />
          <Button type="submit" busy={isSubmitting} className="sm:mt-6">
            {isSubmitting ? 'Submitting…' : 'Submit'}
          </Button>
        </form>
      </Panel>
      <Panel>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <EmptyState tone="error">{errorMessage(query.error, 'Error loading data')}</EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState>No data available</EmptyState>
        ) : (
          <DataTable caption={`${columnLabel} list`} columns={['ID', columnLabel, 'Action']}>
            {rows.map((r, i) => (
              <Row key={r._id}>
                <Cell>{i + 1}</Cell>
                <Cell className="font-medium">{r.name}</Cell>
                <Cell>
                  <ConfirmButton
                    label={`Archive ${r.name}`}
                    title={`Archive ${columnLabel.toLowerCase()}?`}
                    message={`“${r.name}” will no longer be offered in the shop or in the forms. What already uses it keeps its name.`}
                    confirmLabel="Archive"
                    pending={archive.isPending && archive.variables === r._id}
                    onConfirm={() => archive.mutate(r._id)}
                  >
                    <ArchiveIcon className="h-4 w-4" />
                    Archive
                  </ConfirmButton>
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </Panel>
    </AdminPage>
  );
}
