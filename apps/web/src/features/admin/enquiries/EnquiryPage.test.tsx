import '@testing-library/jest-dom/vitest';
import type { Enquiry } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import EnquiryPage from './EnquiryPage.tsx';

const enquiry = (note: string, updatedAt: string): Enquiry => ({
  _id: 'e1',
  kind: 'enquiry',
  status: 'new',
  name: 'Carl',
  phone: '07700900123',
  email: '',
  message: 'Is the Pixel 9 in stock?',
  productId: null,
  repairId: null,
  subject: '',
  preferredDate: null,
  preferredTime: null,
  note,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt,
});

describe('an enquiry', () => {
  it('saves with the updatedAt it was loaded with, then with the one its own save answered', async () => {
    const sent: { note: string; updatedAt: string }[] = [];
    mockApi((path, init) => {
      if (path === '/enquiry/getbyid/e1')
        return { body: { success: true, fetchEnquiry: enquiry('', '2026-12-01T09:00:00.000Z') } };
      if (path === '/enquiry/update/e1') {
        const body = JSON.parse(String(init?.body)) as { note: string; updatedAt: string };
        sent.push(body);
        const saved = enquiry(body.note, `2026-12-01T10:00:0${sent.length}.000Z`);
        return { body: { success: true, message: 'Enquiry updated', data: saved } };
      }
      return undefined;
    });
    renderRoute(<EnquiryPage />, { path: '/admin/enquiry/e1', route: '/admin/enquiry/:id' });
    const user = userEvent.setup();
    const note = await screen.findByLabelText(/^Private note/);
    await user.type(note, 'Rang back.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled'));
    await user.type(note, ' Coming Saturday.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((b) => b.updatedAt)).toEqual(['2026-12-01T09:00:00.000Z', '2026-12-01T10:00:01.000Z']);
  });

  it('asks before leaving a note not saved, and not once it is saved', async () => {
    mockApi((path, init) => {
      if (path === '/enquiry/getbyid/e1')
        return { body: { success: true, fetchEnquiry: enquiry('', '2026-12-01T09:00:00.000Z') } };
      if (path === '/enquiry/update/e1') {
        const body = JSON.parse(String(init?.body)) as { note: string };
        return { body: { success: true, message: 'Enquiry updated', data: enquiry(body.note, '2026-12-01T10:00:00.000Z') } };
      }
      return undefined;
    });
    const page = (
      <>
        <EnquiryPage />
        <Link to="/admin/enquiries">Enquiries</Link>
      </>
    );
    renderRoute(page, { path: '/admin/enquiry/e1', route: '/admin/enquiry/:id' });
    const user = userEvent.setup();
    const note = await screen.findByLabelText(/^Private note/);
    await user.type(note, 'Rang back.');
    await user.click(screen.getByRole('link', { name: 'Enquiries' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/enquiry/e1');
    expect(note).toHaveValue('Rang back.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('link', { name: 'Enquiries' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/enquiries');
  });

  it('goes back to the inbox once deleted, without reading the deleted record again', async () => {
    const reads: string[] = [];
    mockApi((path) => {
      reads.push(path);
      if (path === '/enquiry/getbyid/e1')
        return { body: { success: true, fetchEnquiry: enquiry('', '2026-12-01T09:00:00.000Z') } };
      if (path === '/enquiry/delete/e1') return { body: { success: true, message: 'Enquiry deleted' } };
      return undefined;
    });
    renderRoute(<EnquiryPage />, { path: '/admin/enquiry/e1', route: '/admin/enquiry/:id' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the enquiry from Carl' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/enquiries'));
    expect(reads.filter((path) => path === '/enquiry/getbyid/e1')).toHaveLength(1);
  });
});
