import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import ContactPage from './ContactPage.tsx';

const at = (path: string) => renderRoute(<ContactPage />, { path, route: '/shop/contact' });

describe('ContactPage, drawn by the app', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("brings the form into view when the address asks for it (an enquiry button's link), and only then", async () => {
    mockApi(() => undefined);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { unmount } = at('/shop/contact#contact-form');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Send us a message' });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(heading);
    unmount();

    scrolled.mockClear();
    at('/shop/contact');
    await screen.findByRole('heading', { level: 2, name: 'Send us a message' });
    expect(scrolled).not.toHaveBeenCalled();
  });
});
