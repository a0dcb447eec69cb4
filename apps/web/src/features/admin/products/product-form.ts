import {
  imageCountMessage,
  isAccessoriesModel,
  productModelIssues,
  productSchema,
  type Product,
  type ProductInput,
} from '@shop/shared';
import { zodFieldMessages, type FieldMessages } from '../../../lib/form-errors.ts';

/** What the product form holds: text as typed, the images to keep (update) and the new files. */
export interface ProductFormValues {
  productname: string;
  price: string;
  stockquantity: string;
  description: string;
  model: string;
  availability: string;
  warranty: string;
  discount: string;
  color: string;
  category: string;
  ram: string[];
  rom: string[];
  keepImages: string[];
  files: File[];
}

export const PRODUCT_FIELDS = [
  'productname',
  'price',
  'stockquantity',
  'description',
  'model',
  'availability',
  'warranty',
  'discount',
  'color',
  'category',
  'ram',
  'rom',
  'keepImages',
  'files',
] as const;

export function emptyProduct(): ProductFormValues {
  return {
    productname: '',
    price: '',
    stockquantity: '',
    description: '',
    model: '',
    availability: '',
    warranty: '',
    discount: '',
    color: '',
    category: '',
    ram: [],
    rom: [],
    keepImages: [],
    files: [],
  };
}

export function productToValues(p: Product): ProductFormValues {
  return {
    productname: p.productname,
    price: String(p.price),
    stockquantity: String(p.stockquantity),
    description: p.description,
    model: p.model._id,
    availability: p.availability,
    warranty: p.warranty,
    discount: p.discount,
    color: p.color,
    category: p.category?._id ?? '',
    ram: [...p.ram],
    rom: [...p.rom],
    keepImages: p.images.map((i) => i.secure_url),
    files: [],
  };
}

export type ProductValidation = { ok: true; data: ProductInput; errors: FieldMessages } | { ok: false; errors: FieldMessages };

/**
 * Every rule of spec section 5 for a product, before anything is sent: the shared schema, the
 * checks that need the chosen model (`modelName` is undefined when the chosen id is not one of
 * the offered models) and the 2-to-5 image count.
 */
export function validateProduct(values: ProductFormValues, modelName: string | undefined): ProductValidation {
  const parsed = productSchema.safeParse(values);
  const errors: FieldMessages = parsed.success ? {} : zodFieldMessages(parsed.error);
  if (values.model.trim()) {
    const ram = parsed.success ? parsed.data.ram : values.ram;
    const rom = parsed.success ? parsed.data.rom : values.rom;
    for (const issue of productModelIssues(
      { category: values.category.trim(), ram: ram as ProductInput['ram'], rom: rom as ProductInput['rom'] },
      modelName,
    )) {
      errors[issue.field] ??= { type: 'model', message: issue.message };
    }
  }
  const images = imageCountMessage(values.keepImages.length + values.files.length);
  if (images) errors.files = { type: 'count', message: images };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data, errors };
  return { ok: false, errors };
}

/** The multipart body of spec section 7: category for accessories, repeated ram and rom for the rest. */
export function productFormData(data: ProductInput, files: File[], modelName: string, withKeepImages: boolean): FormData {
  const body = new FormData();
  const text: [string, string | number][] = [
    ['productname', data.productname],
    ['price', data.price],
    ['stockquantity', data.stockquantity],
    ['description', data.description],
    ['model', data.model],
    ['availability', data.availability],
    ['warranty', data.warranty],
    ['discount', data.discount],
    ['color', data.color],
  ];
  for (const [name, value] of text) body.append(name, String(value));
  if (isAccessoriesModel(modelName)) body.append('category', data.category);
  else {
    for (const r of data.ram) body.append('ram', r);
    for (const r of data.rom) body.append('rom', r);
  }
  if (withKeepImages) for (const url of data.keepImages) body.append('keepImages', url);
  for (const file of files) body.append('file', file);
  return body;
}
