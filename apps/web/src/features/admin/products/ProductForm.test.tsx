import '@testing-library/jest-dom/vitest';
import type { Product } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { ProductForm } from './ProductForm.tsx';

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const MODELS = [
  { _id: 'm-apple', model: 'Apple', slug: 'apple', file: null, status: true, ...stamp },
  { _id: 'm-acc', model: 'Accessories', slug: 'accessories', file: null, status: true, ...stamp },
];
const CATEGORIES = [{ _id: 'c-case', category: 'Cases', status: true, ...stamp }];
const image = (n: number, alt = '') => ({
  secure_url: `/media/img${n}.webp`,
  width: 800,
  height: 800,
  srcset: `/media/img${n}.webp 800w`,
  alt,
});
const CHOSEN = 'Chosen images, the first is the cover';
const DESCRIPTION = 'A bright 6.1 inch screen, a fast chip and a long-lasting battery.';

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

function renderForm(props: { product?: Product; onSubmit?: (body: FormData) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => ({ success: true })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductForm product={props.product} onSubmit={onSubmit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillPhone(user: User, images = 2) {
  await user.type(screen.getByLabelText('Product Name'), 'Apple iPhone 15');
  await user.type(screen.getByLabelText('Price (£)'), '699');
  await user.type(screen.getByLabelText('Stock Quantity'), '4');
  await user.selectOptions(screen.getByLabelText('Availability'), 'In Stock');
  await user.type(screen.getByLabelText('Color'), 'Black, Blue');
  await user.type(screen.getByLabelText('Description'), DESCRIPTION);
  await choose(user, 'Model', 'Apple');
  if (images)
    await user.upload(
      screen.getByLabelText('Choose images'),
      Array.from({ length: images }, (_, i) => png(`photo${i + 1}.png`)),
    );
}

const submit = (user: User, name = 'Submit') => user.click(screen.getByRole('button', { name }));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('/model/getall')
        ? { success: true, fetchModel: MODELS }
        : url.includes('/category/getall')
          ? { success: true, fetchCategory: CATEGORIES }
          : { success: false, message: 'Not found' };
      return new Response(JSON.stringify(body), {
        status: body.success ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('product form: messages of spec section 5', () => {
  it('shows every required message and sends nothing', async () => {
    const { user, onSubmit } = renderForm();
    await submit(user);
    for (const message of [
      'Product Name is Required',
      'Price is Required',
      'Stock Quantity is Required',
      'Description is Required',
      'Model is Required',
      'Availability is Required',
      'Color is required',
      'Images are required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the capital letter, minimum and length messages', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Product Name'), 'iphone');
    await user.type(screen.getByLabelText('Price (£)'), '0');
    await user.type(screen.getByLabelText('Stock Quantity'), '0');
    await user.type(screen.getByLabelText('Description'), 'Too short');
    await submit(user);
    expect(await screen.findByText('First letter must be capitalized')).toBeInTheDocument();
    expect(screen.getByText('Price must be above 0')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Please upload at least 30 Letters')).toBeInTheDocument();

    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.click(description);
    await user.paste('x'.repeat(1001));
    expect(await screen.findByText('You can upload a maximum of 1000 Letters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('needs 2 to 5 images', async () => {
    const { user, onSubmit } = renderForm();
    await fillPhone(user, 1);
    await choose(user, 'RAM', '8GB');
    await choose(user, 'ROM', '128GB');
    await submit(user);
    expect(await screen.findByText('At least 2 images are required')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose images'), [
      png('a.png'),
      png('b.png'),
      png('c.png'),
      png('d.png'),
      png('e.png'),
    ]);
    expect(await screen.findByText('Maximum 5 images allowed')).toBeInTheDocument();
    expect(screen.getByText('Images (6 of 5)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image 6' }));
    await waitFor(() => expect(screen.queryByText('Maximum 5 images allowed')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('list', { name: CHOSEN })).getAllByRole('button', { name: /^Drag image \d to move it$/ }),
    ).toHaveLength(5);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as FormData).getAll('file')).toHaveLength(5);
  });
});

describe('product form: accessories versus phones', () => {
  it('asks a phone for RAM and ROM, and an accessory for a category', async () => {
    const { user, onSubmit } = renderForm();
    await fillPhone(user);
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('Please select at least one RAM')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one ROM')).toBeInTheDocument();

    await choose(user, 'Model', 'Accessories');
    expect(screen.queryByLabelText('RAM')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('ROM')).not.toBeInTheDocument();
    expect(await screen.findByText('Category is required for Accessories')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears RAM and ROM when Accessories is chosen, and the category when another model is', async () => {
    const { user, onSubmit } = renderForm();
    await fillPhone(user);
    await choose(user, 'RAM', '8GB');
    await choose(user, 'RAM', '12GB');
    await choose(user, 'ROM', '256GB');

    await choose(user, 'Model', 'Accessories');
    await choose(user, 'Category', 'Cases');
    await choose(user, 'Model', 'Apple');
    await submit(user);
    expect(await screen.findByText('Please select at least one RAM')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one ROM')).toBeInTheDocument();

    await choose(user, 'Model', 'Accessories');
    expect(await screen.findByText('Category is required for Accessories')).toBeInTheDocument();
    await choose(user, 'Category', 'Cases');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as FormData;
    expect(body.get('model')).toBe('m-acc');
    expect(body.get('category')).toBe('c-case');
    expect(body.getAll('ram')).toEqual([]);
    expect(body.getAll('rom')).toEqual([]);
  });

  it('sends a phone as the multipart body of spec section 7 and resets after creating it', async () => {
    const { user, onSubmit } = renderForm();
    await fillPhone(user);
    await choose(user, 'RAM', '8GB');
    await choose(user, 'RAM', '12GB');
    await choose(user, 'ROM', '1TB');
    await user.selectOptions(screen.getByLabelText('Discount (optional)'), 'NHS and Students discount available');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as FormData;
    expect(
      Object.fromEntries(
        ['productname', 'price', 'stockquantity', 'description', 'model', 'availability', 'color', 'discount'].map((k) => [
          k,
          body.get(k),
        ]),
      ),
    ).toEqual({
      productname: 'Apple iPhone 15',
      price: '699',
      stockquantity: '4',
      description: DESCRIPTION,
      model: 'm-apple',
      availability: 'In Stock',
      color: 'Black, Blue',
      discount: 'NHS and Students discount available',
    });
    expect(body.getAll('ram')).toEqual(['8GB', '12GB']);
    expect(body.getAll('rom')).toEqual(['1TB']);
    expect(body.has('category')).toBe(false);
    expect(body.has('keepImages')).toBe(false);
    expect(body.getAll('file').map((f) => (f as File).name)).toEqual(['photo1.png', 'photo2.png']);
    expect(body.getAll('imageOrder')).toEqual(['file:0', 'file:1']);
    expect(body.getAll('imageAlt')).toEqual(['', '']);

    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveValue(''));
    expect(screen.getByText('Images (0 of 5)')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: CHOSEN })).not.toBeInTheDocument();
  });

  it('keeps what was typed and shows the server message beside the field when the server refuses', async () => {
    const { user } = renderForm({
      onSubmit: async () => {
        throw new ApiError(400, 'Selected model not found', { model: ['Selected model not found'] });
      },
    });
    await fillPhone(user);
    await choose(user, 'RAM', '8GB');
    await choose(user, 'ROM', '128GB');
    await submit(user);
    expect(await screen.findByText('Selected model not found')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Apple iPhone 15');
    expect(screen.getByText('Images (2 of 5)')).toBeInTheDocument();
  });
});

describe('product form: update', () => {
  const product: Product = {
    _id: 'p1',
    productname: 'Apple iPhone 13',
    price: 499,
    stockquantity: 3,
    description: DESCRIPTION,
    model: { _id: 'm-apple', model: 'Apple' },
    category: null,
    availability: 'In Stock',
    warranty: '12 months',
    discount: '',
    color: 'Midnight',
    images: [image(1, 'Apple iPhone 13 in Midnight'), image(2, 'The back, in Midnight')],
    ram: ['4GB'],
    rom: ['128GB'],
    ...stamp,
  };

  it('keeps existing images it was not told to remove and counts them towards 2 to 5', async () => {
    const { user, onSubmit } = renderForm({ product });
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/productlist');
    expect(screen.getByLabelText('Price (£)')).toHaveValue(499);
    const handles = within(screen.getByRole('list', { name: CHOSEN })).getAllByRole('button', { name: /^Drag image/ });
    expect(handles).toHaveLength(2);
    expect(handles[0]!.querySelector('img')).toHaveAttribute('width', '100');

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await submit(user, 'Update');
    expect(await screen.findByText('At least 2 images are required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.upload(screen.getByLabelText('Choose images'), [png('new.png')]);
    const price = screen.getByLabelText('Price (£)');
    await user.clear(price);
    await user.type(price, '449.5');
    await submit(user, 'Update');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as FormData;
    expect(body.getAll('keepImages')).toEqual(['/media/img1.webp']);
    expect(body.getAll('file').map((f) => (f as File).name)).toEqual(['new.png']);
    expect(body.getAll('imageOrder')).toEqual(['/media/img1.webp', 'file:0']);
    expect(body.get('price')).toBe('449.5');
    expect(body.getAll('ram')).toEqual(['4GB']);
    expect(screen.getByLabelText('Product Name')).toHaveValue('Apple iPhone 13');
  });

  it('orders the pictures by keyboard, keeps the focus on the moved one, and sends the alt texts the owner wrote', async () => {
    const { user, onSubmit } = renderForm({ product });
    await user.upload(screen.getByLabelText('Choose images'), [png('new.png')]);
    const list = () => within(screen.getByRole('list', { name: CHOSEN }));
    expect(list().getByText('Cover')).toBeInTheDocument();
    expect(screen.getByLabelText('Alt text for image 1')).toHaveValue('Apple iPhone 13 in Midnight');
    expect(screen.getByLabelText('Alt text for image 2')).toHaveValue('The back, in Midnight');
    expect(screen.getByLabelText('Alt text for image 3')).toHaveValue('Apple iPhone 13 in Midnight, picture 3');
    expect(screen.getByRole('button', { name: 'Move image 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 down' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move image 3 up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move image 2 up'));
    await user.keyboard('{Enter}');
    // At the top, Up is disabled: the focus moves to its Down button.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move image 1 down'));
    expect(screen.getByLabelText('Alt text for image 1')).toHaveValue('Apple iPhone 13 in Midnight');
    expect(screen.getByLabelText('Alt text for image 2')).toHaveValue('Apple iPhone 13 in Midnight, picture 2');

    // Alt texts made from the name follow it; one the owner wrote stays.
    const name = screen.getByLabelText('Product Name');
    await user.clear(name);
    await user.type(name, 'Apple iPhone 14');
    expect(screen.getByLabelText('Alt text for image 1')).toHaveValue('Apple iPhone 14 in Midnight');
    expect(screen.getByLabelText('Alt text for image 3')).toHaveValue('The back, in Midnight');
    const alt = screen.getByLabelText('Alt text for image 1');
    await user.clear(alt);
    await user.type(alt, 'The new front');

    await submit(user, 'Update');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as FormData;
    expect(body.getAll('imageOrder')).toEqual(['file:0', '/media/img1.webp', '/media/img2.webp']);
    expect(body.getAll('keepImages')).toEqual(['/media/img1.webp', '/media/img2.webp']);
    expect(body.getAll('imageAlt')).toEqual(['The new front', '', 'The back, in Midnight']);
  });
});
