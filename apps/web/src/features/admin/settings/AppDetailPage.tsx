import { zodResolver } from '@hookform/resolvers/zod';
import {
  APP_DETAIL_TEXT_FIELDS,
  PHONE_PREFIX,
  appDetailSchema,
  messages,
  type AppDetail,
  type AppDetailTextFields,
  type AppDetailsResponse,
  type Envelope,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { appDetailsKey } from '../../../lib/shop-info.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { EditButton, EditFormButtons, useEditInPlace } from '../components/edit-in-place.tsx';
import { Cell, DataTable, Row, LogoCell } from '../components/DataTable.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { FilePicker, FilePreview, ImagePreview, usePickerReset } from '../components/FilePicker.tsx';
import { TrashIcon } from '../components/icons.tsx';
import { AdminPage, Panel } from '../components/Page.tsx';
import { DEFAULT_HOURS, HoursEditor, type HoursValues } from './HoursEditor.tsx';

/** The text fields, the opening hours (and whether to show them), and the logo. */
type Values = AppDetailTextFields & HoursValues & { file: File | null };

const FIELDS = [...APP_DETAIL_TEXT_FIELDS, 'hours', 'file'] as const;
const textValues = (of: (field: keyof AppDetailTextFields) => string) =>
  Object.fromEntries(APP_DETAIL_TEXT_FIELDS.map((f) => [f, of(f)])) as AppDetailTextFields;
const empty: Values = {
  ...textValues((f) => (f === 'phoneno' ? PHONE_PREFIX : '')),
  showHours: true,
  hours: DEFAULT_HOURS,
  file: null,
};

function valuesOf(d: AppDetail): Values {
  return { ...textValues((f) => d[f]), showHours: d.hours !== null, hours: d.hours ?? DEFAULT_HOURS, file: null };
}

/**
 * The settings as the API takes them: the text fields, the hours as JSON ('' for none) and the logo; an edit sends
 * the record's `updatedAt` as Edit loaded it (`seen`), so the server refuses to save over a change made since.
 */
function bodyOf(values: Values, seen?: string): FormData {
  const body = new FormData();
  for (const name of APP_DETAIL_TEXT_FIELDS) body.append(name, values[name].trim());
  body.append('hours', values.showHours ? JSON.stringify(values.hours) : '');
  if (values.file) body.append('file', values.file);
  if (seen) body.append('updatedAt', seen);
  return body;
}

const checkFields = zodResolver(appDetailSchema);

/** App Information: the shop's name, contacts, logo and social links; the shop shows the first record. */
export default function AppDetailPage() {
  const details = useQuery({
    queryKey: appDetailsKey,
    queryFn: ({ signal }) => api<AppDetailsResponse>('/appdetail/getall', { signal }),
  });
  const [editing, setEditing] = useState<AppDetail | null>(null);
  const formPanel = useRef<HTMLDivElement>(null);

  // The shared schema checks the fields (the hours only when shown, as they are sent); the logo is required on create.
  const resolver: Resolver<Values> = async (values, context, options) => {
    const checked = await checkFields({ ...values, hours: values.showHours ? values.hours : null }, context, options as never);
    const errors = { ...checked.errors } as FieldErrors<Values>;
    if (!values.file && !editing) errors.file = { type: 'required', message: messages.appLogoRequired };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
  const form = useForm<Values>({ resolver, defaultValues: empty });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const file = form.watch('file');
  const showHours = form.watch('showHours');

  const create = useAdminMutation({
    mutationFn: (values: Values) => api<Envelope>('/appdetail/create', { method: 'POST', body: bodyOf(values) }),
    invalidate: [appDetailsKey],
  });
  const update = useAdminMutation({
    mutationFn: ({ record, values }: { record: AppDetail; values: Values }) =>
      api<Envelope>(`/appdetail/update/${encodeURIComponent(record._id)}`, {
        method: 'PUT',
        body: bodyOf(values, record.updatedAt),
      }),
    invalidate: [appDetailsKey],
    fallback: 'An error occurred',
  });
  const remove = useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/appdetail/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: [appDetailsKey],
  });

  const { pickerKey, reset } = usePickerReset(form);
  const { editingNow, stopEditing, askToEdit, dialog } = useEditInPlace({
    editing,
    setEditing,
    form,
    reset,
    valuesOf,
    empty,
    focus: 'shopname',
    panel: formPanel,
    nameOf: (d) => d.shopname,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) await update.mutateAsync({ record: editing, values });
      else await create.mutateAsync(values);
      stopEditing();
    } catch (err) {
      applyServerFieldErrors(err, FIELDS, form.setError);
    }
  });

  const records = details.data?.fetchAppDetail;
  const list = Array.isArray(records) ? records : null;

  return (
    <AdminPage title="App Information">
      <div ref={formPanel}>
        <Panel title={editing ? `Edit ${editing.shopname}` : 'Shop information'}>
          <form noValidate onSubmit={submit} className="grid gap-5 md:grid-cols-2">
            <InputField label="Shop Name" autoComplete="organization" error={errors.shopname} {...form.register('shopname')} />
            <InputField label="Email" type="email" autoComplete="email" error={errors.email} {...form.register('email')} />
            <InputField
              label="Phone No"
              type="tel"
              autoComplete="tel"
              hint="A UK mobile, e.g. +44 7700 900123 or 07700 900123."
              error={errors.phoneno}
              {...form.register('phoneno')}
            />
            <InputField label="Address" autoComplete="street-address" error={errors.address} {...form.register('address')} />
            <InputField
              label="WhatsApp number (optional)"
              type="tel"
              hint="A UK mobile. While the shop is closed, visitors can message it about a product or repair."
              error={errors.whatsapp}
              {...form.register('whatsapp')}
            />
            <div className="md:col-span-2">
              <FilePicker
                key={pickerKey}
                id="logo"
                label="Logo"
                buttonText={file || editing?.file ? 'Change logo' : 'Choose logo'}
                hint={editing ? 'Leave it to keep the current logo.' : undefined}
                error={errors.file?.message}
                onFiles={([picked]) => form.setValue('file', picked ?? null, { shouldValidate: isSubmitted, shouldDirty: true })}
              />
              {(file || editing?.file) && (
                <ul aria-label="Logo" className="mt-3">
                  {file ? (
                    <FilePreview
                      file={file}
                      removeLabel="Remove chosen logo"
                      onRemove={() => form.setValue('file', null, { shouldValidate: isSubmitted, shouldDirty: true })}
                    />
                  ) : (
                    <ImagePreview
                      src={editing?.file?.secure_url}
                      srcSet={editing?.file?.srcset}
                      alt="Current logo"
                      removeLabel=""
                    />
                  )}
                </ul>
              )}
            </div>
            <fieldset className="grid gap-5 md:col-span-2 md:grid-cols-3">
              <legend className="mb-2 text-sm font-semibold text-slate-800">Social links (optional)</legend>
              <InputField
                label="Facebook"
                type="url"
                placeholder="https://facebook.com/yourshop"
                error={errors.facebook}
                {...form.register('facebook')}
              />
              <InputField
                label="Instagram"
                type="url"
                placeholder="https://instagram.com/yourshop"
                error={errors.instagram}
                {...form.register('instagram')}
              />
              <InputField label="X" type="url" placeholder="https://x.com/yourshop" error={errors.x} {...form.register('x')} />
            </fieldset>
            <HoursEditor
              control={form.control as unknown as Control<HoursValues>}
              register={form.register as unknown as UseFormRegister<HoursValues>}
              errors={errors as FieldErrors<HoursValues>}
              show={showHours}
            />
            <EditFormButtons editing={editing !== null} busy={isSubmitting} onCancel={stopEditing} />
          </form>
        </Panel>
      </div>
      <Panel>
        {list && list.length > 1 && <p className="mb-4 text-sm text-slate-700">The shop shows the first record.</p>}
        {details.isPending ? (
          <Spinner />
        ) : details.isError ? (
          <EmptyState tone="error">{errorMessage(details.error, 'Error loading data')}</EmptyState>
        ) : !list ? (
          <EmptyState tone="error">Invalid data received</EmptyState>
        ) : list.length === 0 ? (
          <EmptyState>No data available</EmptyState>
        ) : (
          <DataTable caption="Shop information" columns={['Shop_Name', 'Email', 'Address', 'Phone_No', 'Logo', 'Action']}>
            {list.map((d) => (
              <Row key={d._id}>
                <Cell className="font-medium">{d.shopname}</Cell>
                <Cell>{d.email}</Cell>
                <Cell>{d.address}</Cell>
                <Cell>{d.phoneno}</Cell>
                <LogoCell src={d.file?.secure_url} srcSet={d.file?.srcset} alt={`${d.shopname} logo`} />
                <Cell>
                  <div className="flex gap-2 max-md:flex-wrap">
                    <EditButton name={d.shopname} onClick={() => askToEdit(d)} />
                    <ConfirmButton
                      label={`Delete ${d.shopname}`}
                      title="Delete shop information?"
                      message={`“${d.shopname}” and its logo will be deleted. This cannot be undone.`}
                      confirmLabel="Delete"
                      pending={remove.isPending && remove.variables === d._id}
                      onConfirm={() =>
                        // The form keeps a record being edited until its delete is done: a refused one loses nothing.
                        remove.mutateAsync(d._id).then(
                          () => {
                            if (editingNow.current?._id === d._id) stopEditing();
                          },
                          () => undefined,
                        )
                      }
                    >
                      <TrashIcon className="h-4 w-4" />
                      Delete
                    </ConfirmButton>
                  </div>
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </Panel>
      {dialog}
    </AdminPage>
  );
}
