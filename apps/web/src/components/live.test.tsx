import type { AppDetail } from '@shop/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/testing.tsx';
import { ShopInfoContext, shopInfoOf } from '../lib/shop-info.ts';
import { OpenStatus } from './live.tsx';

const shop = {
  shopname: 'Kingsway Mobiles',
  whatsapp: '',
  hours: {
    week: { mon: [{ open: '09:00', close: '12:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    closures: [],
  },
} as unknown as AppDetail;

const info = shopInfoOf({ success: true, fetchAppDetail: [shop] });

function tree() {
  return (
    <ShopInfoContext value={info}>
      <OpenStatus />
    </ShopInfoContext>
  );
}

let root: Root | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  act(() => root?.unmount());
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('OpenStatus', () => {
  it('is an empty line on the server, and the browser takes it over without a mismatch, then says whether the shop is open', async () => {
    // Monday 2 June 2025, 10:00 in the UK (BST).
    vi.setSystemTime(new Date('2025-06-02T09:00:00Z'));
    const html = renderToString(tree());
    expect(html).toBe('<p class="min-h-5 text-sm leading-5 " data-testid="open-status"></p>');

    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    await act(async () => {
      root = hydrateRoot(container, tree(), { onRecoverableError: (err) => console.error(err) });
    });
    await waitFor(() => expect(screen.getByTestId('open-status')).toHaveTextContent('Open now · closes 12:00'));
    expect(errors).not.toHaveBeenCalled();
  });

  it('says when the shop opens next, by the UK clock', async () => {
    // Monday 2 June 2025, 12:30 in the UK: closed until the Monday after, a week on, so named by its date.
    vi.setSystemTime(new Date('2025-06-02T11:30:00Z'));
    const container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => {
      root = createRoot(container);
      root.render(tree());
    });
    await waitFor(() => expect(screen.getByTestId('open-status')).toHaveTextContent('Closed now · opens Mon 9 Jun 09:00'));
  });
});
