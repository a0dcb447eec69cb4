import type { Category, ImageAsset, Model, PhoneRepair, Product } from '@shop/shared';

/** Records shaped as the API answers, for the component tests. */

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };

export const image = (name: string): ImageAsset => ({
  secure_url: `/media/${name}-1600.webp`,
  width: 1600,
  height: 1600,
  srcset: `/media/${name}-400.webp 400w, /media/${name}-1600.webp 1600w`,
});

export const model = (id: string, name: string, status = true): Model => ({
  _id: id,
  model: name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  status,
  file: image(`logo-${id}`),
  ...stamp,
});

export const category = (id: string, name: string, status = true): Category => ({ _id: id, category: name, status, ...stamp });

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productname: 'Apple iPhone 15',
    price: 699,
    stockquantity: 4,
    description: 'Dynamic Island, a 48MP camera and USB-C charging in a colour-infused glass design.',
    model: { _id: 'm1', model: 'Apple' },
    category: null,
    availability: 'In Stock',
    warranty: '1 year',
    discount: 'NHS and Students discount available',
    color: 'Black, Blue',
    images: [
      { ...image('front'), alt: 'Apple iPhone 15 in Black' },
      { ...image('back'), alt: 'Apple iPhone 15 in Black, picture 2' },
    ],
    ram: ['6GB'],
    rom: ['128GB', '256GB'],
    ...stamp,
    ...overrides,
  };
}

export const repair = (id: string, productname: string, repairName: string, price: number): PhoneRepair => ({
  _id: id,
  productname,
  model: { _id: 'm1', model: 'Apple' },
  repair: { _id: `r-${id}`, repaircategory: repairName },
  price,
  phone: { _id: `p-${productname}`, slug: productname.toLowerCase().replace(/^apple /, '').replace(/[^a-z0-9]+/g, '-'), aliases: [] },
  ...stamp,
});
