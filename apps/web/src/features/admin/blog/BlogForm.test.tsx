import '@testing-library/jest-dom/vitest';
import type { BlogPost } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { BlogForm } from './BlogForm.tsx';
import { blogPost } from './fixtures.ts';

function renderForm(props: { post?: BlogPost; onSubmit?: (body: FormData) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => ({ success: true })));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BlogForm post={props.post} onSubmit={onSubmit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;
const submit = (user: User, name = 'Submit') => user.click(screen.getByRole('button', { name }));
const chooseCover = (user: User) =>
  user.upload(
    screen.getByLabelText('Choose cover'),
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'cover.png', { type: 'image/png' }),
  );
/** Everything a post needs but its title and slug. */
async function fillTheRest(user: User) {
  await user.type(screen.getByLabelText('Excerpt'), 'An excerpt.');
  await user.type(screen.getByLabelText('Cover alt text'), 'A cover');
  await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Words.');
  await chooseCover(user);
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
});

describe('post form', () => {
  it('shows every required message and sends nothing', async () => {
    const { user, onSubmit } = renderForm();
    await submit(user);
    for (const message of [
      'Title is required',
      'Excerpt is required',
      'Body is required',
      'Cover alt text is required',
      'Cover image is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('waits for a picture being uploaded into the body before it can be sent', async () => {
    let answer!: (res: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { user } = renderForm();
    await user.upload(
      screen.getByLabelText('Insert image'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'in-text.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Uploading image…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-disabled', 'true');
    const data = { secure_url: '/media/in-text.webp', srcset: '/media/in-text.webp 640w', width: 640, height: 480 };
    answer(new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByLabelText('Body')).toHaveValue('![Describe the image](/media/in-text.webp)');
    vi.unstubAllGlobals();
  });

  it('puts a picture after the one whose alt text is being typed, and each of several after the one before', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const data = { secure_url: `/media/p${++n}.webp`, srcset: `/media/p${n}.webp 640w`, width: 640, height: 480 };
        return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const { user } = renderForm();
    const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
    await user.upload(screen.getByLabelText('Insert image'), png('one.png'));
    await waitFor(() => expect(screen.getByLabelText('Body')).toHaveValue('![Describe the image](/media/p1.webp)'));
    // The alt text is selected: typed over, then, with the caret still in it, two more pictures are dropped in.
    await user.keyboard('A [[cracked] screen');
    fireEvent.drop(screen.getByLabelText('Body'), { dataTransfer: { files: [png('two.png'), png('three.png')] } });
    await waitFor(() =>
      expect(screen.getByLabelText('Body')).toHaveValue(
        '![A [cracked] screen](/media/p1.webp)\n\n![Describe the image](/media/p2.webp)\n\n![Describe the image](/media/p3.webp)',
      ),
    );
    vi.unstubAllGlobals();
  });

  it('uploads a pasted picture, but not the picture of itself that text copied from Word or Excel brings', async () => {
    const fetchMock = vi.fn(async () => {
      const data = { secure_url: '/media/pasted.webp', srcset: '/media/pasted.webp 640w', width: 640, height: 480 };
      return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'image.png', { type: 'image/png' });
    const clipboard = (data: Record<string, string>) => ({ files: [png], getData: (type: string) => data[type] ?? '' });
    const office = { 'text/plain': 'Prices from our sheet', 'text/html': '<table><tr><td>Prices from our sheet</td></tr></table>' };
    fireEvent.paste(screen.getByLabelText('Body'), { clipboardData: clipboard(office) });
    expect(fetchMock).not.toHaveBeenCalled();
    // A file copied from a folder comes with its name as text: the file is meant.
    fireEvent.paste(screen.getByLabelText('Body'), { clipboardData: clipboard({ 'text/plain': 'image.png' }) });
    await waitFor(() => expect(screen.getByLabelText('Body')).toHaveValue('![Describe the image](/media/pasted.webp)'));
    vi.unstubAllGlobals();
  });

  it('makes the slug from the title until the slug is edited, and sends the multipart body of the API', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Title'), 'Repair & replace: 5 tips!');
    expect(screen.getByLabelText('Slug')).toHaveValue('repair-and-replace-5-tips');
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'five-tips');
    await user.type(screen.getByLabelText('Title'), ' more');
    expect(screen.getByLabelText('Slug')).toHaveValue('five-tips');
    await user.type(screen.getByLabelText('Excerpt'), 'Five tips to decide.');
    await user.type(screen.getByLabelText('Cover alt text'), 'A phone and a wrench');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Some words.');
    await chooseCover(user);
    // Then a file that is no picture: it is named as refused, and the cover stays.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Replace cover'), new File(['notes'], 'notes.png'));
    expect(await screen.findByText('"notes.png" is not a JPEG, PNG, WebP, AVIF or GIF picture')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'published');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as FormData;
    expect(Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]))).toEqual({
      title: 'Repair & replace: 5 tips! more',
      slug: 'five-tips',
      excerpt: 'Five tips to decide.',
      body: 'Some words.',
      status: 'published',
      publishedAt: '',
      alt: 'A phone and a wrench',
      file: 'cover.png',
    });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    // The emptied form lists no refusal of a file chosen before it.
    expect(screen.queryByText(/is not a JPEG/)).not.toBeInTheDocument();
  });

  it('keeps what was typed and shows the server message beside the slug when the server refuses it', async () => {
    const { user } = renderForm({
      onSubmit: async () => {
        throw new ApiError(409, 'A post with this slug already exists', { slug: ['A post with this slug already exists'] });
      },
    });
    await user.type(screen.getByLabelText('Title'), 'Taken');
    // A slug typed by hand is sent as it is, and refused when another post has it.
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'taken');
    await fillTheRest(user);
    await submit(user);
    expect(await screen.findByText('A post with this slug already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Taken');
  });

  it("keeps an edited post's publish time to the second when its date is left as it was", async () => {
    const at = '2026-11-29T08:24:40.200Z';
    const post = blogPost({ status: 'published', publishedAt: at, createdAt: at, updatedAt: at });
    const { user, onSubmit } = renderForm({ post });
    await user.type(screen.getByRole('textbox', { name: 'Body' }), ' More.');
    await submit(user, 'Update');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as FormData).get('publishedAt')).toBe('2026-11-29T08:24:40.200Z');
  });

  it('edits a post saved with CR LF line breaks as the text box shows it: Bold wraps the words selected', async () => {
    const post = blogPost({ excerpt: 'An excerpt.\r\nOn two lines.', body: 'Intro\r\n\r\n- item one\r\n- item two' });
    const { user } = renderForm({ post });
    const body = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    expect(body.value).toBe('Intro\n\n- item one\n- item two');
    expect(screen.getByLabelText('Excerpt')).toHaveValue('An excerpt.\nOn two lines.');
    const start = body.value.indexOf('item one');
    body.focus();
    body.setSelectionRange(start, start + 'item one'.length);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(body.value).toBe('Intro\n\n- **item one**\n- item two');
  });

  it('leaves a slug that follows the title for the server to make, so a second post of the same title is numbered', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Title'), 'Secret draft');
    expect(screen.getByLabelText('Slug')).toHaveValue('secret-draft');
    await fillTheRest(user);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as FormData).get('slug')).toBe('');
  });
});
