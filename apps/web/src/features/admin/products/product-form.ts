import {
  imageCountMessage,
  isAccessoriesModel,
  productImageAlt,
  productModelIssues,
  productSchema,
  type Product,
  type ProductInput,
} from '@shop/shared';
import { zodFieldMessages, type FieldMessages } from '../../../lib/form-errors.ts';

/** A picture in the form: one the product has (its URL) or a new file, with the owner's alt text. */
export interface FormImage {
  /** Stable across reordering (a key made when the picture came into the form). */
  id: string;
  url?: string | undefined;
  srcset?: string | undefined;
  file?: File | undefined;
  /** The alt text the owner wrote; null while it is the one made from the name and colour. */
  alt: string | null;
}

/** What the product form holds: text as typed, and the pictures in their order (the first is the cover). */
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
  images: FormImage[];
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
  'images',
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
    images: [],
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
    images: p.images.map((img, i) => ({
      id: `kept-${i}`,
      url: img.secure_url,
      srcset: img.srcset,
      alt: img.alt === productImageAlt(p.productname, p.color, i) ? null : img.alt,
    })),
  };
}

/** A picture's alt text as the form shows it: the owner's, or the one made from the name and colour. */
export const shownAlt = (image: FormImage, values: Pick<ProductFormValues, 'productname' | 'color'>, index: number) =>
  image.alt ?? productImageAlt(values.productname, values.color, index);

/** The alt texts to send, in order: '' where the owner left the one made from the name and colour. */
export function altsToSend(values: ProductFormValues): string[] {
  return values.images.map((image, i) => {
    const alt = (image.alt ?? '').trim();
    return alt === productImageAlt(values.productname.trim(), values.color.trim(), i) ? '' : alt;
  });
}

export type ProductValidation = { ok: true; data: ProductInput; errors: FieldMessages } | { ok: false; errors: FieldMessages };

/**
 * Every rule of spec section 5 for a product, before anything is sent: the shared schema, the
 * checks that need the chosen model (`modelName` is undefined when the chosen id is not one of
 * the offered models) and the 2-to-5 image count.
 */
export function validateProduct(values: ProductFormValues, modelName: string | undefined): ProductValidation {
  const parsed = productSchema.safeParse({ ...values, imageAlt: altsToSend(values) });
  const errors: FieldMessages = parsed.success ? {} : zodFieldMessages(parsed.error);
  if (errors.imageAlt) errors.images = errors.imageAlt;
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
  const images = imageCountMessage(values.images.length);
  if (images) errors.images = { type: 'count', message: images };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data, errors };
  return { ok: false, errors };
}

/**
 * The multipart body of spec section 7: category for accessories, repeated ram and rom for the rest; the pictures to
 * keep (`keepImages`, on update) and the new ones (`file`), their order (`imageOrder`: kept URLs and `file:N`) and
 * their alt texts (`imageAlt`).
 */
export function productFormData(data: ProductInput, images: FormImage[], modelName: string, withKeepImages: boolean): FormData {
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
  let files = 0;
  for (const image of images) {
    if (image.file) {
      body.append('file', image.file);
      body.append('imageOrder', `file:${files++}`);
    } else if (image.url && withKeepImages) {
      body.append('keepImages', image.url);
      body.append('imageOrder', image.url);
    }
  }
  for (const alt of data.imageAlt) body.append('imageAlt', alt);
  return body;
}
