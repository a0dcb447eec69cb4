import { PAGE_MAX, PRODUCT_FIXES } from '@shop/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../lib/testing.tsx';
import { useBackToList, useLastPage, useListParams } from './list-params.ts';

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

function Clamped({ pages, standIn = false }: { pages: number; standIn?: boolean }) {
  const { page } = useListParams();
  useLastPage({ isSuccess: true, isPlaceholderData: standIn, data: { pages } }, page);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}
const at = (ui: React.ReactElement) =>
  render(
    <MemoryRouter initialEntries={['/admin/userdetail', '/admin/userdetail?page=9']} initialIndex={1}>
      {ui}
    </MemoryRouter>,
  );

describe('useLastPage', () => {
  it('replaces a page past the last by the last, so Back leads where the admin came from', async () => {
    at(<Clamped pages={3} />);
    expect(await screen.findByText('/admin/userdetail?page=3')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByText('/admin/userdetail')).toBeInTheDocument());
  });

  it("leads an empty list's page to the first", async () => {
    at(<Clamped pages={0} />);
    expect(await screen.findByText('/admin/userdetail')).toBeInTheDocument();
  });

  it('leaves the page alone while another page or filter stands in', async () => {
    at(<Clamped pages={1} standIn />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('/admin/userdetail?page=9')).toBeInTheDocument();
  });
});
