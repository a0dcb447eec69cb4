import type { ReactElement } from 'react';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginPage from '../../features/auth/pages/LoginPage.tsx';
import RegisterPage from '../../features/auth/pages/RegisterPage.tsx';
import { mockApi, renderRoute } from '../../lib/testing.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import UnauthPage from './UnauthPage.tsx';

const pages: [string, ReactElement, string][] = [
  ['the 404 page', <NotFoundPage />, 'Page not found | Kingsway Mobiles'],
  ["'Admins only'", <UnauthPage />, 'Admins only | Kingsway Mobiles'],
  ['Sign In', <LoginPage />, 'Sign In | Kingsway Mobiles'],
  ['Sign Up', <RegisterPage />, 'Sign Up | Kingsway Mobiles'],
];

describe('the pages kept out of search engines', () => {
  it.each(pages)("%s is titled with the shop's own name, as the server titles it", async (_name, page, title) => {
    mockApi((path) =>
      path === '/appdetail/getall' ? { body: { success: true, fetchAppDetail: [{ shopname: 'Kingsway Mobiles' }] } } : undefined,
    );
    renderRoute(page);
    await waitFor(() => expect(document.title).toBe(title));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', expect.stringContaining('noindex'));
  });
});
