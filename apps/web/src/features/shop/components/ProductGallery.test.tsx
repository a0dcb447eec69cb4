import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/testing.tsx';
import { ProductGallery } from './ProductGallery.tsx';

const images = [1, 2, 3].map((n) => ({
  secure_url: `/media/phone-${n}.webp`,
  srcset: '',
  width: 800,
  height: 800,
  alt: `Phone, picture ${n}`,
}));

const shown = () => screen.getAllByRole('img').map((img) => img.getAttribute('alt'));
const pressed = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-pressed'));

describe('ProductGallery', () => {
  it('shows the cover, every other picture in the page but hidden and lazy, and a thumbnail switches to its own', () => {
    render(<ProductGallery images={images} name="Phone" />);
    expect(shown()).toEqual(['Phone, picture 1']);
    const hidden = screen.getAllByRole('img', { hidden: true }).filter((img) => img.closest('[hidden]'));
    expect(hidden.map((img) => [img.getAttribute('alt'), img.getAttribute('loading')])).toEqual([
      ['Phone, picture 2', 'lazy'],
      ['Phone, picture 3', 'lazy'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(shown()).toEqual(['Phone, picture 3']);
    expect(pressed()).toEqual(['false', 'false', 'true']);
  });

  it('takes over at the picture shown before the app (public/boot.js), and tells boot.js it has', () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<ProductGallery images={images} name="Phone" />);
    const gallery = container.querySelector<HTMLElement>('[data-gallery]')!;
    // boot.js has shown the second picture.
    gallery.querySelectorAll<HTMLElement>('[data-picture]').forEach((picture, i) => (picture.hidden = i !== 1));
    gallery.querySelectorAll('[data-show-image]').forEach((thumb, i) => thumb.setAttribute('aria-pressed', String(i === 1)));
    const takenOver = vi.fn();
    gallery.addEventListener('taken-over', takenOver);
    // React in development reports the attributes boot.js changed (production does not), and leaves them.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ProductGallery images={images} name="Phone" />, { container, hydrate: true });
    expect(takenOver).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual(['Phone, picture 2']);
    expect(pressed()).toEqual(['false', 'true', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 1 of 3' }));
    expect(shown()).toEqual(['Phone, picture 1']);
    expect(pressed()).toEqual(['true', 'false', 'false']);
  });

  it('draws a placeholder named after the product when it has no picture, and no thumbnails', () => {
    render(<ProductGallery images={[]} name="Phone" />);
    expect(screen.getByRole('img', { name: 'Phone' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
