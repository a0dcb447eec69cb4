import '../lib/testing.tsx';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './Pagination.tsx';

describe('pageWindow', () => {
  it('shows every page up to seven', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the first five near the start, the last five near the end, and the neighbours in between', () => {
    expect(pageWindow(1, 10_000)).toEqual([1, 2, 3, 4, 5, 'gap', 10_000]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(500, 10_000)).toEqual([1, 'gap', 499, 500, 501, 'gap', 10_000]);
    expect(pageWindow(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageWindow(3, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageWindow(5, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });
});

describe('Pagination', () => {
  it('draws a handful of buttons for thousands of pages, and moves to the one chosen', async () => {
    const onChange = vi.fn();
    render(<Pagination page={500} pages={10_000} onChange={onChange} label="Product pages" />);
    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    expect(nav.querySelectorAll('button')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Page 500' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 10000' }));
    expect(onChange).toHaveBeenCalledWith(10_000);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(501);
  });

  it("draws links to each page's own address when given them, Prev a plain word on the first page", () => {
    render(<Pagination page={1} pages={3} href={(page) => `/list?page=${page}`} label="Product pages" />);
    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    expect(nav.querySelectorAll('button')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/list?page=3');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/list?page=2');
    expect(screen.queryByRole('link', { name: 'Prev' })).not.toBeInTheDocument();
    expect(screen.getByText('Prev')).toHaveAttribute('aria-disabled', 'true');
  });

  it('draws nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
