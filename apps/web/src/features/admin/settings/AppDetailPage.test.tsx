import '@testing-library/jest-dom/vitest';
import type { AppDetail } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import AppDetailPage from './AppDetailPage.tsx';

const settings = (address: string, updatedAt: string): AppDetail => ({
  _id: 's1',
  shopname: 'Kingsway Mobiles',
  email: 'hello@kingsway.example',
  phoneno: '07700 900123',
  address,
  whatsapp: '',
  facebook: '',
  instagram: '',
  x: '',
  hours: null,
  file: { secure_url: '/media/logo.webp', srcset: '/media/logo.webp 256w', width: 256, height: 256 },
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt,
});

describe('AppDetailPage', () => {
  it('sends the updatedAt Edit loaded, and after a refusal keeps what was typed and lists the settings as they are now', async () => {
    let reads = 0;
    const sent: FormData[] = [];
    mockApi((path, init) => {
      if (path === '/appdetail/getall') {
        reads++;
        // Changed on another device once the form is open.
        const current =
          reads === 1
            ? settings('1 High Street', '2026-11-29T08:00:00.000Z')
            : settings('2 High Street', '2026-11-30T09:00:00.000Z');
        return { body: { success: true, fetchAppDetail: [current] } };
      }
      if (path === '/appdetail/update/s1') {
        sent.push(init?.body as FormData);
        return { status: 409, body: { success: false, message: 'These shop settings were changed since you opened them' } };
      }
      return undefined;
    });
    renderRoute(<AppDetailPage />, { path: '/admin/appdetail' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Kingsway Mobiles' }));
    const phone = screen.getByLabelText('Phone No');
    await user.clear(phone);
    await user.type(phone, '07700 900999');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('updatedAt')).toBe('2026-11-29T08:00:00.000Z');
    expect(sent[0]!.get('phoneno')).toBe('07700 900999');
    // The list reads the settings again, and shows the other device's address; the form keeps the typed number.
    expect(await screen.findByText('2 High Street')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone No')).toHaveValue('07700 900999');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});
