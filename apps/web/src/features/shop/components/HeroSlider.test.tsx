import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/testing.tsx';
import { HeroSlider, nextIndex, prevIndex, type HeroSlide } from './HeroSlider.tsx';

const slides: HeroSlide[] = ['Buy Phones', 'Repair Phones', 'Call Us Today'].map((title) => ({
  id: title,
  title,
  text: `${title} text`,
  action: <a href="#x">{title} action</a>,
  art: null,
  tone: '',
}));

const current = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .find((g) => g.getAttribute('aria-hidden') === 'false')
    ?.querySelector('h2')?.textContent;

describe('HeroSlider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wraps around at both ends', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(prevIndex(0, 3)).toBe(2);
    expect(nextIndex(0, 3)).toBe(1);
  });

  it('moves every 4 seconds and wraps to the first slide', () => {
    render(<HeroSlider slides={slides} />);
    expect(current()).toBe('Buy Phones');
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe('Buy Phones');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('Repair Phones');
    act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe('Buy Phones');
  });

  it('pauses while the pointer is over it', () => {
    render(<HeroSlider slides={slides} />);
    const region = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe('Buy Phones');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe('Repair Phones');
  });

  it('has previous and next arrows and a pause button', () => {
    render(<HeroSlider slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe('Call Us Today');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('Buy Phones');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slides' }));
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe('Buy Phones');
  });

  it('starts stopped for a visitor who asks for less motion, the pause button offering to play the slides', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    try {
      render(<HeroSlider slides={slides} />);
      act(() => vi.advanceTimersByTime(12_000));
      expect(current()).toBe('Buy Phones');
      fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
      fireEvent.blur(screen.getByRole('button', { name: 'Pause slides' }));
      act(() => vi.advanceTimersByTime(4000));
      expect(current()).toBe('Repair Phones');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("names, in the server's HTML, the parts public/boot.js drives it by on a page the server rendered", () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<HeroSlider slides={slides} />);
    const region = container.querySelector('section')!;
    expect(region).toHaveAttribute('data-slides-every', '4000');
    expect(region.querySelectorAll('[data-step]')).toHaveLength(2);
    expect(region.querySelectorAll('[data-dot]')).toHaveLength(3);
    const pause = region.querySelector('[data-pause]')!;
    // Its name says what a press does; it is not also a pressed toggle.
    expect(pause).not.toHaveAttribute('aria-pressed');
    expect(pause.querySelector('use')).toHaveAttribute('href', '#icon-pause');
    expect(pause.querySelector('.sr-only')).toHaveTextContent('Pause slides');
  });
});
