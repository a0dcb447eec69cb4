import { statusSince, type AppDetail } from '@shop/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/testing.tsx';
import { RenderedAtContext } from '../lib/now.ts';
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

function tree(renderedAt: number | null) {
  return (
    <ShopInfoContext value={info}>
      <RenderedAtContext value={renderedAt}>
        <OpenStatus />
      </RenderedAtContext>
    </ShopInfoContext>
  );
}

/**
 * The status and its contexts as a browser loads them: modules of their own, whose parts' chunk comes in only once
 * `held` settles, as on a slow line.
 */
async function browserModules(held: Promise<void>) {
  vi.resetModules();
  vi.doMock('./live-parts.tsx', async (importOriginal) => {
    await held;
    return importOriginal();
  });
  const [live, now, shopInfo] = await Promise.all([import('./live.tsx'), import('../lib/now.ts'), import('../lib/shop-info.ts')]);
  return {
    tree: (renderedAt: number | null) => (
      <shopInfo.ShopInfoContext value={info}>
        <now.RenderedAtContext value={renderedAt}>
          <live.OpenStatus />
        </now.RenderedAtContext>
      </shopInfo.ShopInfoContext>
    ),
  };
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
  it("is rendered for the page's instant on the server, and the browser takes it over without a mismatch or a blank, then goes by its own clock", async () => {
    // Rendered on Monday 2 June 2025 at 10:00 in the UK (BST), for the start of the opening, 09:00.
    const at = statusSince(info.hours!, Date.parse('2025-06-02T09:00:00Z'));
    expect(new Date(at).toISOString()).toBe('2025-06-02T08:00:00.000Z');
    const { prelude } = await prerender(tree(at));
    const container = document.createElement('div');
    container.innerHTML = await new Response(prelude).text();
    expect(container.textContent).toBe('Open now · closes 12:00');

    // Taken over at 12:30, after closing, by a browser still fetching the parts' code: the line keeps the server's
    // words until the browser has its own.
    vi.setSystemTime(new Date('2025-06-02T11:30:00Z'));
    let letIn = () => {};
    const browser = await browserModules(new Promise((resolve) => (letIn = resolve)));
    document.body.appendChild(container);
    const line = screen.getByTestId('open-status');
    const seen: string[] = [];
    const watcher = new MutationObserver(() => seen.push(line.textContent ?? ''));
    watcher.observe(line, { childList: true, subtree: true, characterData: true });
    const errors = vi.spyOn(console, 'error');
    const recovered: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, browser.tree(at), { onRecoverableError: (err) => recovered.push(err) });
    });
    expect(line).toHaveTextContent('Open now · closes 12:00');
    letIn();
    await waitFor(() => expect(line).toHaveTextContent('Closed now · opens Mon 9 Jun 09:00'));
    watcher.disconnect();
    expect(seen.filter((text) => !text.startsWith('Open now') && !text.startsWith('Closed now'))).toEqual([]);
    expect(recovered).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('is an empty line where the shop has set no hours, on the server and in the browser', async () => {
    const none = shopInfoOf({ success: true, fetchAppDetail: [{ ...shop, hours: null }] } as never);
    const { prelude } = await prerender(
      <ShopInfoContext value={none}>
        <OpenStatus />
      </ShopInfoContext>,
    );
    expect(await new Response(prelude).text()).toBe('<p class="min-h-5 text-sm leading-5 " data-testid="open-status"></p>');
  });

  it('says when the shop opens next, by the UK clock, on a page the browser draws', async () => {
    // Monday 2 June 2025, 12:30 in the UK: closed until the Monday after, a week on, so named by its date.
    vi.setSystemTime(new Date('2025-06-02T11:30:00Z'));
    const browser = await browserModules(Promise.resolve());
    const container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => {
      root = createRoot(container);
      root.render(browser.tree(null));
    });
    await waitFor(() => expect(screen.getByTestId('open-status')).toHaveTextContent('Closed now · opens Mon 9 Jun 09:00'));
  });
});
