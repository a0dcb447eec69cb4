import { PRODUCT_FIXES } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../lib/testing.tsx';
import { useListParams } from './list-params.ts';

function Params() {
  const { page, q, fix } = useListParams(PRODUCT_FIXES);
  return <p>{JSON.stringify({ page, q, fix })}</p>;
}

describe('useListParams', () => {
  it('reads the page, the search and a problem the list knows from the address', () => {
    renderRoute(<Params />, { path: '/admin/productlist?page=3&q=galaxy&fix=needs-pictures' });
    expect(screen.getByText('{"page":3,"q":"galaxy","fix":"needs-pictures"}')).toBeInTheDocument();
  });

  it('ignores a problem the list does not know (an old link), rather than filtering by it', () => {
    renderRoute(<Params />, { path: '/admin/productlist?page=0&fix=no-such-problem' });
    expect(screen.getByText('{"page":1,"q":"","fix":""}')).toBeInTheDocument();
  });
});
