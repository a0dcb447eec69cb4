import { SEARCH_LIMIT_MAX, type SearchResult } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import SearchPage from './SearchPage.tsx';

const products = (count: number): SearchResult[] =>
  Array.from({ length: count }, (_, n) => ({ kind: 'product', title: `Case ${n + 1}`, url: `/shop/productpage/p${n}`, price: 10 }));

/** The page, once the search has answered with `count` products (the spinner is a status too until then). */
async function searchFinding(count: number) {
  mockApi((path) => (path.startsWith('/search') ? { body: { success: true, results: products(count) } } : undefined));
  renderRoute(<SearchPage />, { path: '/search?q=case' });
  await screen.findByRole('link', { name: /^Case 1\b/ });
}

describe('the search results page', () => {
  it('counts what it found', async () => {
    await searchFinding(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 results for “case”');
  });

  it('says it shows the best matches, not every one, when the search gives as many as it can', async () => {
    await searchFinding(SEARCH_LIMIT_MAX);
    expect(screen.getByRole('status')).toHaveTextContent(
      `The ${SEARCH_LIMIT_MAX} best matches for “case”: add a word, such as a brand or a model, to narrow them`,
    );
    expect(screen.getAllByRole('link', { name: /^Case \d+/ })).toHaveLength(SEARCH_LIMIT_MAX);
  });

  it('says at once, asking nothing, that a search is too long', () => {
    const asked: string[] = [];
    mockApi((path) => {
      asked.push(path);
      return undefined;
    });
    renderRoute(<SearchPage />, { path: `/search?q=${'a'.repeat(201)}` });
    expect(screen.getByText('Search text must be at most 200 characters')).toBeInTheDocument();
    expect(asked.filter((p) => p.startsWith('/search'))).toEqual([]);
  });
});
