import {
  AVAILABILITY,
  DISCOUNT_OPTION,
  MAX_IMAGES,
  PICTURE_KINDS,
  RAM_OPTIONS,
  ROM_OPTIONS,
  isAccessoriesModel,
  type Product,
} from '@shop/shared';
import { useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormButtons } from '../components/Page.tsx';
import { useCategories, useModels } from '../../../lib/catalogue.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { InputField, NativeSelectField, TextareaField } from '../../../components/Fields.tsx';
import { FilePicker, usePickerReset } from '../components/FilePicker.tsx';
import { BoundSelectField, type Option } from '../components/SelectField.tsx';
import {
  PRODUCT_FIELDS,
  emptyProduct,
  productFormData,
  productToValues,
  shownAlt,
  validateProduct,
  type ProductFormValues,
} from './product-form.ts';
import { ProductImages } from './ProductImages.tsx';

/** Keys of the pictures added in this form (kept ones have theirs from the product). */
let nextImageKey = 0;

const RAM = RAM_OPTIONS.map((v) => ({ value: v, label: v }));
const ROM = ROM_OPTIONS.map((v) => ({ value: v, label: v }));

interface Props {
  /** The product being edited; absent when adding one. */
  product?: Product;
  /** Sends the form; resolves when the server accepted it, rejects (ApiError) when it refused. */
  onSubmit: (body: FormData) => Promise<unknown>;
  /** Where Cancel leads when editing: the list the admin came from. */
  cancelTo?: string;
}

/**
 * The one form of Add Product and Update Product. Accessories take a category, everything else
 * RAM and ROM: choosing Accessories clears RAM and ROM, choosing another model clears the category.
 */
export function ProductForm({ product, onSubmit, cancelTo }: Props) {
  const editing = product !== undefined;
  // The product as this form took its values, sent with them: the server refuses to save over a change made since,
  // even one a re-read of the product brings in while the form still shows what it took.
  const [seen] = useState(product?.updatedAt);
  const models = useModels();
  const categories = useCategories();

  const modelOptions = useMemo<Option[]>(() => {
    const active = (models.data ?? []).filter((m) => m.status).map((m) => ({ value: m._id, label: m.model }));
    if (product && !active.some((o) => o.value === product.model._id))
      active.push({ value: product.model._id, label: `${product.model.model} (archived)` });
    return active;
  }, [models.data, product]);
  const categoryOptions = useMemo<Option[]>(() => {
    const active = (categories.data ?? []).filter((c) => c.status).map((c) => ({ value: c._id, label: c.category }));
    if (product?.category && !active.some((o) => o.value === product.category?._id))
      active.push({ value: product.category._id, label: `${product.category.category} (archived)` });
    return active;
  }, [categories.data, product]);

  const modelNames = useMemo(() => {
    const names = new Map((models.data ?? []).filter((m) => m.status).map((m) => [m._id, m.model]));
    if (product) names.set(product.model._id, product.model.model);
    return names;
  }, [models.data, product]);
  const modelNameOf = (id: string): string | undefined => modelNames.get(id);
  const lookup = useRef(modelNameOf);
  lookup.current = modelNameOf;

  const resolver = useRef<Resolver<ProductFormValues>>(async (values) => {
    const result = validateProduct(values, lookup.current(values.model.trim()));
    return result.ok ? { values, errors: {} } : { values: {}, errors: result.errors };
  }).current;

  const form = useForm<ProductFormValues>({ resolver, defaultValues: product ? productToValues(product) : emptyProduct() });
  const { errors, isDirty, isSubmitting, isSubmitted } = form.formState;
  const modelId = form.watch('model');
  const images = form.watch('images');
  const productname = form.watch('productname');
  const color = form.watch('color');
  const accessory = isAccessoriesModel(modelNameOf(modelId));
  const imageCount = images.length;
  const revalidate = { shouldValidate: isSubmitted, shouldDirty: true };
  const { pickerKey, reset } = usePickerReset(form);

  const submit = form.handleSubmit(async (values) => {
    const result = validateProduct(values, modelNameOf(values.model.trim()));
    if (!result.ok) return;
    const body = productFormData(result.data, values.images, modelNameOf(result.data.model) ?? '', editing);
    if (seen) body.set('updatedAt', seen);
    try {
      await onSubmit(body);
      if (!editing) {
        reset(emptyProduct());
      }
    } catch (err) {
      applyServerFieldErrors(err, PRODUCT_FIELDS, form.setError, { file: 'images', keepImages: 'images', imageAlt: 'images' });
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-5 md:grid-cols-2"
      aria-label={editing ? 'Update Product' : 'Add Product'}
    >
      <InputField label="Product Name" autoComplete="off" error={errors.productname} {...form.register('productname')} />
      <InputField
        label="Price (£)"
        type="number"
        inputMode="decimal"
        min={1}
        step="0.01"
        error={errors.price}
        {...form.register('price')}
      />
      <InputField
        label="Stock Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.stockquantity}
        {...form.register('stockquantity')}
      />
      <BoundSelectField
        control={form.control}
        name="model"
        label="Model"
        options={modelOptions}
        isLoading={models.isPending}
        afterChange={(id) => {
          if (isAccessoriesModel(modelNameOf(String(id)))) {
            form.setValue('ram', [], { shouldDirty: true });
            form.setValue('rom', [], { shouldDirty: true });
          } else form.setValue('category', '', { shouldDirty: true });
          if (isSubmitted) void form.trigger(['model', 'category', 'ram', 'rom']);
        }}
      />
      {accessory ? (
        <BoundSelectField
          control={form.control}
          name="category"
          label="Category"
          options={categoryOptions}
          isLoading={categories.isPending}
        />
      ) : (
        <>
          <BoundSelectField control={form.control} name="ram" label="RAM" isMulti options={RAM} />
          <BoundSelectField control={form.control} name="rom" label="ROM" isMulti options={ROM} />
        </>
      )}
      <NativeSelectField
        label="Availability"
        options={AVAILABILITY}
        error={errors.availability}
        {...form.register('availability')}
      />
      <InputField
        label="Warranty (optional)"
        placeholder="e.g. 12 months"
        autoComplete="off"
        error={errors.warranty}
        {...form.register('warranty')}
      />
      <NativeSelectField
        label="Discount (optional)"
        options={[DISCOUNT_OPTION]}
        error={errors.discount}
        {...form.register('discount')}
      />
      <InputField
        label="Color"
        placeholder="e.g. Black, Blue"
        hint="Separate colours with commas."
        autoComplete="off"
        error={errors.color}
        {...form.register('color')}
      />
      <TextareaField
        label="Description"
        rows={5}
        className="md:col-span-2"
        hint="30 to 1000 characters."
        error={errors.description}
        {...form.register('description')}
      />

      <div className="md:col-span-2">
        <FilePicker
          key={pickerKey}
          id="images"
          label={`Images (${imageCount} of ${MAX_IMAGES})`}
          buttonText="Choose images"
          hint={`2 to 5 images: ${PICTURE_KINDS}, up to 8 MB each. The first is the cover: drag the images, or use Up and Down, to order them.`}
          multiple
          error={errors.images?.message}
          room={MAX_IMAGES - imageCount}
          onFiles={(picked) =>
            form.setValue(
              'images',
              [...form.getValues('images'), ...picked.map((file) => ({ id: `new-${nextImageKey++}`, file, alt: null }))],
              revalidate,
            )
          }
        />
        {imageCount > 0 && (
          <ProductImages
            images={images}
            altOf={(image, i) => shownAlt(image, { productname, color }, i)}
            onChange={(next) => form.setValue('images', next, revalidate)}
            pickerId="images"
          />
        )}
      </div>

      <FormButtons editing={editing} dirty={isDirty} submitting={isSubmitting} cancelTo={cancelTo} />
    </form>
  );
}
