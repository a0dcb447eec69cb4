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

/** A file that starts as a PNG does (the form reads the first bytes, as the API does). */
function png(name: string) {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, { type: 'image/png' });
}

function renderForm(props: { product?: Product; onSubmit?: (body: FormData) => Promise<unknown>; cancelTo?: string } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => ({ success: true })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductForm product={props.product} onSubmit={onSubmit} cancelTo={props.cancelTo} />
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
    // The selects name their message as the text fields do, for every screen reader.
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveAccessibleDescription(/Model is Required/);
    expect(screen.getByLabelText('Product Name')).toHaveAccessibleDescription('Product Name is Required');
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
    await user.upload(screen.getByLabelText('Choose images'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.queryByText('At least 2 images are required')).not.toBeInTheDocument());
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as FormData).getAll('file')).toHaveLength(3);
  });

  it('adds no more than 5 images: the first chosen are added and the message names the others at once', async () => {
    const { user, onSubmit } = renderForm();
    await fillPhone(user, 1);
    await choose(user, 'RAM', '8GB');
    await choose(user, 'ROM', '128GB');
    await user.upload(screen.getByLabelText('Choose images'), ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => png(`${n}.png`)));
    expect(await screen.findByText('Maximum 5 images allowed: "e.png" and "f.png" were not added')).toBeInTheDocument();
    expect(screen.getByText('Images (5 of 5)')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Apple iPhone 15');

    // At 5, one more is refused too, and nothing chosen before is lost.
    await user.upload(screen.getByLabelText('Choose images'), [png('g.png')]);
    expect(await screen.findByText('Maximum 5 images allowed: "g.png" was not added')).toBeInTheDocument();
    expect(screen.queryByText(/"e\.png"/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: CHOSEN })).getAllByRole('button', { name: /^Drag image \d to move it$/ }),
    ).toHaveLength(5);

    // With a place free again, the next choice is added and the message goes.
    await user.click(screen.getByRole('button', { name: 'Remove image 5' }));
    await user.upload(screen.getByLabelText('Choose images'), [png('g.png')]);
    await waitFor(() => expect(screen.queryByText(/was not added/)).not.toBeInTheDocument());
    expect(screen.getByText('Images (5 of 5)')).toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as FormData).getAll('file').map((f) => (f as File).name)).toEqual([
      'photo1.png',
      'a.png',
      'b.png',
      'c.png',
      'g.png',
    ]);
  });

  it('refuses at once, naming it, a file that is not a JPEG, PNG, WebP, AVIF or GIF, and adds the others', async () => {
    const { onSubmit } = renderForm();
    // As when the owner switches the file dialog to "All files".
    const user = userEvent.setup({ applyAccept: false });
    await fillPhone(user, 0);
    await choose(user, 'RAM', '8GB');
    await choose(user, 'ROM', '128GB');
    await user.upload(screen.getByLabelText('Choose images'), [
      new File(['Shopping list: milk, bread'], 'notes.png', { type: 'image/png' }),
      png('front.png'),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.svg', { type: 'image/svg+xml' }),
      // The right bytes, but declared as something else.
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'odd.txt', { type: 'text/plain' }),
      png('back.png'),
    ]);
    expect(await screen.findByText('"notes.png" is not a JPEG, PNG, WebP, AVIF or GIF picture')).toBeInTheDocument();
    expect(screen.getByText('"logo.svg" is not a JPEG, PNG, WebP, AVIF or GIF picture')).toBeInTheDocument();
    expect(screen.getByText('"odd.txt" is not a JPEG, PNG, WebP, AVIF or GIF picture')).toBeInTheDocument();
    expect(screen.getByText('Images (2 of 5)')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: CHOSEN }));
    expect(list.getAllByRole('button', { name: /^Drag image \d to move it$/ })).toHaveLength(2);
    expect(list.getByText('Cover')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Apple iPhone 15');

    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as FormData;
    expect(body.getAll('file').map((f) => (f as File).name)).toEqual(['front.png', 'back.png']);
    // A successful Add empties the form, the messages with it.
    await waitFor(() => expect(screen.queryByText(/is not a JPEG/)).not.toBeInTheDocument());
  });

  it('takes each of the five kinds by its first bytes, whatever its name or declared type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    const bytes = (...b: (number | string)[]) =>
      new Uint8Array(b.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));
    await user.upload(screen.getByLabelText('Choose images'), [
      new File([bytes(0xff, 0xd8, 0xff, 0xe0)], 'photo.jpg', { type: 'image/jpeg' }),
      new File([bytes('GIF89a', 1, 0)], 'anim.gif', { type: 'image/gif' }),
      new File([bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')], 'pic.webp', { type: 'image/webp' }),
      // Some systems give AVIF no declared type: its bytes decide.
      new File([bytes(0, 0, 0, 28, 'ftypavif', 0, 0, 0, 0, 'mif1miaf')], 'pic.avif', { type: '' }),
      new File([bytes(0, 0, 0, 24, 'ftypmp42', 0, 0, 0, 0, 'isom')], 'clip.avif', { type: 'image/avif' }),
    ]);
    expect(await screen.findByText('"clip.avif" is not a JPEG, PNG, WebP, AVIF or GIF picture')).toBeInTheDocument();
    expect(screen.getByText('Images (4 of 5)')).toBeInTheDocument();
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
    const { user, onSubmit } = renderForm({ product, cancelTo: '/admin/productlist?page=2' });
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/productlist?page=2');
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

  it('counts the kept images towards 5 when adding: the first chosen fill the places left', async () => {
    const { user } = renderForm({ product });
    await user.upload(screen.getByLabelText('Choose images'), [png('n1.png'), png('n2.png'), png('n3.png'), png('n4.png')]);
    expect(await screen.findByText('Maximum 5 images allowed: "n4.png" was not added')).toBeInTheDocument();
    expect(screen.getByText('Images (5 of 5)')).toBeInTheDocument();
    expect(screen.getByLabelText('Alt text for image 1')).toHaveValue('Apple iPhone 13 in Midnight');
    expect(screen.getByLabelText('Alt text for image 2')).toHaveValue('The back, in Midnight');
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
