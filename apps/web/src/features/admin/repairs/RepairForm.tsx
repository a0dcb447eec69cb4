import { zodResolver } from '@hookform/resolvers/zod';
import { phoneRepairSchema, type PhoneRepair, phoneBrands } from '@shop/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormButtons } from '../components/Page.tsx';
import type { z } from 'zod';
import { useModels, useRepairCategories } from '../../../lib/catalogue.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { InputField } from '../../../components/Fields.tsx';
import { BoundSelectField, type Option } from '../components/SelectField.tsx';
import type { RepairBody } from './repair-mutations.ts';

type Values = z.input<typeof phoneRepairSchema>;
const FIELDS = ['productname', 'model', 'repair', 'price', 'aliases'] as const;
const empty: Values = { productname: '', model: '', repair: '', price: '', aliases: '' };

/** The form of Phone Repair and Update Phone Repair: a phone, its brand, the repair and the 'from' price. */
export function RepairForm({
  repair,
  onSubmit,
  cancelTo,
}: {
  repair?: PhoneRepair;
  onSubmit: (body: RepairBody) => Promise<unknown>;
  /** Where Cancel leads when editing: the list the admin came from. */
  cancelTo?: string;
}) {
  const editing = repair !== undefined;
  // The price as this form took its values, sent with them: the server refuses to save over a change made since,
  // even one a re-read of the price brings in while the form still shows what it took.
  const [seen] = useState(repair?.updatedAt);
  const models = useModels();
  const repairCategories = useRepairCategories();
  const modelOptions = useMemo<Option[]>(() => {
    const options = phoneBrands(models.data).map((m) => ({ value: m._id, label: m.model }));
    if (repair && !options.some((o) => o.value === repair.model._id))
      options.push({ value: repair.model._id, label: `${repair.model.model} (archived)` });
    return options;
  }, [models.data, repair]);
  const repairOptions = useMemo<Option[]>(() => {
    const options = (repairCategories.data ?? []).filter((c) => c.status).map((c) => ({ value: c._id, label: c.repaircategory }));
    if (repair && !options.some((o) => o.value === repair.repair._id))
      options.push({ value: repair.repair._id, label: `${repair.repair.repaircategory} (archived)` });
    return options;
  }, [repairCategories.data, repair]);

  const form = useForm<Values, unknown, z.output<typeof phoneRepairSchema>>({
    resolver: zodResolver(phoneRepairSchema),
    defaultValues: repair
      ? {
          productname: repair.productname,
          model: repair.model._id,
          repair: repair.repair._id,
          price: String(repair.price),
          aliases: repair.phone.aliases.join(', '),
        }
      : empty,
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ aliases, ...values }) => {
    try {
      // The phone keeps the aliases it has unless they are given: on a new price when typed, on an edit when changed.
      // An edit's field shows its phone's, which are not to be given to another phone the price moves to by its name.
      const given = editing ? form.formState.dirtyFields.aliases : aliases?.length;
      await onSubmit({ ...values, ...(given ? { aliases: aliases ?? [] } : {}), ...(seen ? { updatedAt: seen } : {}) });
      if (!editing) form.reset(empty);
    } catch (err) {
      applyServerFieldErrors(err, FIELDS, form.setError);
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-5 md:grid-cols-2"
      aria-label={editing ? 'Update Phone Repair' : 'Phone Repair'}
    >
      <InputField
        label="Product Name"
        placeholder="e.g. iPhone 15 Pro"
        autoComplete="off"
        error={errors.productname}
        {...form.register('productname')}
      />
      <BoundSelectField control={form.control} name="model" label="Model" options={modelOptions} isLoading={models.isPending} />
      <BoundSelectField
        control={form.control}
        name="repair"
        label="Repair"
        options={repairOptions}
        isLoading={repairCategories.isPending}
      />
      <InputField
        label="Price (£)"
        type="number"
        inputMode="decimal"
        min={1}
        step="0.01"
        hint="The 'from' price shown in the shop."
        error={errors.price}
        {...form.register('price')}
      />
      <InputField
        label="Aliases (optional)"
        placeholder="e.g. A2633, A2482"
        autoComplete="off"
        hint={
          editing
            ? 'Model numbers and other names customers search for, separated by commas. Shared by every repair of this phone.'
            : 'Model numbers and other names customers search for, separated by commas. Shared by every repair of this phone; left empty, it keeps the ones it has.'
        }
        error={errors.aliases}
        className="md:col-span-2"
        {...form.register('aliases')}
      />
      <FormButtons editing={editing} dirty={isDirty} submitting={isSubmitting} cancelTo={cancelTo} />
    </form>
  );
}
