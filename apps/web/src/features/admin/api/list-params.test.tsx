import { PAGE_MAX, PRODUCT_FIXES } from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../lib/testing.tsx';
import { useBackToList, useListParams } from './list-params.ts';

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

  it('reads a page past the furthest the API serves as that one, which then leads to the last', () => {
    renderRoute(<Params />, { path: `/admin/productlist?page=${PAGE_MAX}0` });
    expect(screen.getByText(`{"page":${PAGE_MAX},"q":"","fix":""}`)).toBeInTheDocument();
  });
});

function Back() {
  return <p>{useBackToList('/admin/productlist')}</p>;
}
const editPage = (state?: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/admin/updateproduct/p1', state }]}>
      <Back />
    </MemoryRouter>,
  );

describe('useBackToList', () => {
  it('goes back to the page, search and problem of the list whose Edit link was followed', () => {
    editPage({ list: '?page=2&q=galaxy&fix=needs-pictures' });
    expect(screen.getByText('/admin/productlist?page=2&q=galaxy&fix=needs-pictures')).toBeInTheDocument();
  });

  it('goes to the first page of the list when the edit page was reached another way, or told anything but a query', () => {
    editPage();
    expect(screen.getByText('/admin/productlist')).toBeInTheDocument();
    editPage({ list: '//elsewhere.example/admin' });
    expect(screen.getAllByText('/admin/productlist')).toHaveLength(2);
  });
});
