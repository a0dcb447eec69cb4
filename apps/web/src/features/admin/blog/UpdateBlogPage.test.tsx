import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import UpdateBlogPage from './UpdateBlogPage.tsx';
import { blogPost } from './fixtures.ts';

const post = (title: string, updatedAt: string) => blogPost({ title, updatedAt });

/** The post as read first, then as changed on another device; what saves send, each answered with `answer`. */
function changedElsewhere(answer: { status?: number; body: unknown }) {
  let reads = 0;
  const sent: FormData[] = [];
  mockApi((path, init) => {
    if (path === '/blog/getbyid/p1') {
      reads++;
      const current =
        reads === 1 ? post('Screen guide', '2026-11-29T08:24:40.200Z') : post('Screen guide 2026', '2026-11-30T09:00:00.000Z');
      return { body: { success: true, fetchPost: current } };
    }
    if (path === '/blog/update/p1') {
      sent.push(init?.body as FormData);
      return answer;
    }
    return undefined;
  });
  return { sent, reads: () => reads };
}

describe('UpdateBlogPage', () => {
  it('keeps what was typed and sends the updatedAt the form took its values with, though a re-read brings a newer post', async () => {
    const { sent, reads } = changedElsewhere({
      status: 409,
      body: { success: false, message: 'This post was changed since you opened it' },
    });
    renderRoute(<UpdateBlogPage />, { path: '/admin/updateblog/p1', route: '/admin/updateblog/:id' });
    const user = userEvent.setup();
    const body = await screen.findByRole('textbox', { name: 'Body' });
    await user.type(body, ' More words.');
    // The post changes elsewhere, and the page reads it again as the network comes back: the form keeps its own.
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(reads()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Title')).toHaveValue('Screen guide');
    expect(body).toHaveValue('Words. More words.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('updatedAt')).toBe('2026-11-29T08:24:40.200Z');
    // Refused: the post is read again, and nothing typed is lost.
    await waitFor(() => expect(reads()).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue('Words. More words.');
  });

  it('opened again, waits for the post as it is now rather than filling the form from the copy read before', async () => {
    const { sent } = changedElsewhere({
      body: { success: true, message: 'Post updated', data: post('Screen guide 2026', '2026-11-30T10:00:00.000Z') },
    });
    function Reopen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>Open or close</button>
          {open && <UpdateBlogPage />}
        </>
      );
    }
    renderRoute(<Reopen />, { path: '/admin/updateblog/p1', route: '/admin/updateblog/:id' });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Title')).toHaveValue('Screen guide');
    await user.click(screen.getByRole('button', { name: 'Open or close' }));
    // Changed on another device meanwhile: opened again, the form shows the change and saves from it.
    await user.click(screen.getByRole('button', { name: 'Open or close' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Screen guide 2026'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('updatedAt')).toBe('2026-11-30T09:00:00.000Z');
  });
});
