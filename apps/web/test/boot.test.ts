import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MOBILE_BREAKPOINT, SHOP_PAGE_SIZE, SHOP_PAGE_SIZE_MOBILE } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minifyScript } from '../minify-script.ts';
import { windowsFor } from '../src/features/shop/listing.ts';

/**
 * public/boot.js as the build writes it, run as the browser runs it: its own script element is
 * document.currentScript.
 */
const source = minifyScript(
  'boot.js',
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/boot.js'), 'utf8'),
);

const CHUNKS = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);

/**
 * Runs boot.js on this document, in a window of its own, with a paint observer the test fires; `reducedMotion`, for
 * a visitor who asks for less motion; `width`, the window's in pixels.
 */
function runBoot(chunks: string[], { reducedMotion = false, width = 1280 } = {}) {
  const script = document.createElement('script');
  script.setAttribute('data-entry', '/assets/index.js');
  script.setAttribute('data-chunks', chunks.join(' '));
  let onPaint: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
    disconnect() {}
  }
  const doc = new Proxy(document, {
    get(target, key) {
      if (key === 'currentScript') return script;
      if (key === 'readyState') return 'loading';
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const win = Object.assign(new EventTarget(), {
    PerformanceObserver: FakeObserver,
    matchMedia: (query: string) => {
      // The queries boot.js is asked: less motion, and a listing's windows (windowsFor).
      const wide = /^(not all and )?\(min-width: (\d+)px\)$/.exec(query);
      if (wide) return { matches: width >= Number(wide[2]) !== Boolean(wide[1]) };
      return { matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' };
    },
  });
  new Function('document', 'PerformanceObserver', 'window', source)(doc, FakeObserver, win);
  return {
    paint: () => onPaint?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }),
    load: () => win.dispatchEvent(new Event('load')),
    touch: (type = 'pointerdown') => win.dispatchEvent(new Event(type)),
  };
}

const added = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
    (el) => el.getAttribute('href') ?? `script ${el.getAttribute('src')}`,
  );

describe('boot.js', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    // The boot.js of an earlier test stops watching for its page going live once it has.
    document.documentElement.setAttribute('data-app', 'live');
    await Promise.resolve();
    document.documentElement.removeAttribute('data-app');
  });
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('starts nothing for a visitor who only reads, painted, loaded and a minute later', () => {
    const page = runBoot(CHUNKS);
    page.paint();
    page.load();
    vi.advanceTimersByTime(60_000);
    expect(added()).toEqual([]);
  });

  it('starts at the first touch, after the next frame: preloads the chunks a few per task, then adds the entry last', () => {
    const page = runBoot(CHUNKS);
    page.touch();
    expect(added()).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(added()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(CHUNKS.slice(0, 4));
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(CHUNKS.slice(0, 8));
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([...CHUNKS, 'script /assets/index.js']);
    expect(document.head.querySelector('script[type="module"]')!.getAttribute('crossorigin')).toBe('');
    page.touch('keydown');
    vi.runAllTimers();
    expect(added()).toHaveLength(CHUNKS.length + 1);
  });

  it("starts again at the next touch when the app's code could not be fetched, and not before", () => {
    const page = runBoot(CHUNKS.slice(0, 2));
    page.touch();
    vi.runAllTimers();
    document.head.querySelector('script[type="module"]')!.dispatchEvent(new Event('error'));
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(added()).toEqual([]);
    page.touch('wheel');
    vi.runAllTimers();
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
    page.touch();
    vi.runAllTimers();
    expect(added()).toHaveLength(3);
  });

  it.each(['pointermove', 'touchstart', 'keydown', 'wheel', 'focusin', 'change'])('takes %s as a touch', (type) => {
    runBoot(CHUNKS.slice(0, 2)).touch(type);
    vi.runAllTimers();
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
  });

  describe('the slider', () => {
    const SLIDER = `<section data-slides-every="4000">
      <div style="transform: translateX(-0%)">
        <div aria-roledescription="slide" aria-hidden="false"></div>
        <div aria-roledescription="slide" aria-hidden="true" inert=""></div>
        <div aria-roledescription="slide" aria-hidden="true" inert=""></div>
      </div>
      <button type="button" data-step="-1">Previous</button><button type="button" data-step="1">Next</button>
      <button type="button" data-dot="" aria-current="true"></button><button type="button" data-dot=""></button
      ><button type="button" data-dot=""></button>
      <button type="button" data-pause=""><svg><use href="#icon-pause"></use></svg
      ><span class="sr-only">Pause slides</span></button>
      <a href="#x">Shop now</a>
    </section>`;
    /** The slide shown, as the track's transform, the slides' and the dots' attributes have it. */
    const shown = () => {
      const section = document.querySelector('section')!;
      const slides = [...section.querySelectorAll('[aria-roledescription="slide"]')];
      return {
        transform: (slides[0]!.parentElement as HTMLElement).style.transform,
        visible: slides.map((slide) => slide.getAttribute('aria-hidden') === 'false'),
        inert: slides.map((slide) => slide.hasAttribute('inert')),
        dots: [...section.querySelectorAll('[data-dot]')].map((dot) => dot.getAttribute('aria-current')),
      };
    };

    it('moves the slides every interval, wrapping around, with nothing of the app started', () => {
      document.body.innerHTML = SLIDER;
      const page = runBoot(CHUNKS);
      page.paint();
      page.load();
      vi.advanceTimersByTime(3999);
      expect(shown().visible).toEqual([true, false, false]);
      vi.advanceTimersByTime(1);
      expect(shown()).toEqual({
        transform: 'translateX(-100%)',
        visible: [false, true, false],
        inert: [true, false, true],
        dots: [null, 'true', null],
      });
      vi.advanceTimersByTime(8000);
      expect(shown()).toEqual({
        transform: expect.stringMatching(/^translateX\(-?0%\)$/),
        visible: [true, false, false],
        inert: [false, true, true],
        dots: ['true', null, null],
      });
      expect(added()).toEqual([]);
    });

    it('stays while the pointer is over it or focus is in it', () => {
      document.body.innerHTML = SLIDER;
      runBoot(CHUNKS);
      const section = document.querySelector('section')!;
      section.dispatchEvent(new Event('mouseenter'));
      vi.advanceTimersByTime(12_000);
      expect(shown().visible).toEqual([true, false, false]);
      section.dispatchEvent(new Event('mouseleave'));
      section.querySelector('a')!.focus();
      vi.advanceTimersByTime(12_000);
      expect(shown().visible).toEqual([true, false, false]);
      section.querySelector('a')!.blur();
      vi.advanceTimersByTime(4000);
      expect(shown().visible).toEqual([false, true, false]);
    });

    it('holds the slides while its pause button is pressed, which says what a press does next', () => {
      document.body.innerHTML = SLIDER;
      runBoot(CHUNKS);
      const pause = document.querySelector<HTMLElement>('[data-pause]')!;
      pause.click();
      expect(pause.hasAttribute('aria-pressed')).toBe(false);
      expect(pause.querySelector('use')!.getAttribute('href')).toBe('#icon-play');
      expect(pause.textContent).toBe('Play slides');
      vi.advanceTimersByTime(12_000);
      expect(shown().visible).toEqual([true, false, false]);
      pause.click();
      expect(pause.querySelector('use')!.getAttribute('href')).toBe('#icon-pause');
      expect(pause.textContent).toBe('Pause slides');
      vi.advanceTimersByTime(4000);
      expect(shown().visible).toEqual([false, true, false]);
    });

    it('starts stopped for a visitor who asks for less motion, the pause button offering to play the slides', () => {
      document.body.innerHTML = SLIDER;
      runBoot(CHUNKS, { reducedMotion: true });
      const pause = document.querySelector<HTMLElement>('[data-pause]')!;
      expect(pause.querySelector('use')!.getAttribute('href')).toBe('#icon-play');
      expect(pause.textContent).toBe('Play slides');
      vi.advanceTimersByTime(12_000);
      expect(shown().visible).toEqual([true, false, false]);
      pause.click();
      vi.advanceTimersByTime(4000);
      expect(shown().visible).toEqual([false, true, false]);
    });

    it('shows the slide an arrow or a dot asks for at once, the tap going no further, before and after the page is live', async () => {
      document.body.innerHTML = SLIDER;
      const reached: string[] = [];
      document.addEventListener('click', (e) => reached.push((e.target as Element).textContent ?? ''));
      runBoot(CHUNKS);
      const section = document.querySelector('section')!;
      const [previous, next] = [...section.querySelectorAll<HTMLElement>('[data-step]')];
      const dots = [...section.querySelectorAll<HTMLElement>('[data-dot]')];
      previous!.click();
      expect(shown()).toEqual({
        transform: 'translateX(-200%)',
        visible: [false, false, true],
        inert: [true, true, false],
        dots: [null, null, 'true'],
      });
      next!.click();
      expect(shown().visible).toEqual([true, false, false]);
      dots[1]!.click();
      expect(shown().visible).toEqual([false, true, false]);
      // The page's own handlers never see these taps, and none is tapped again once the page is live.
      expect(reached).toEqual([]);
      document.documentElement.setAttribute('data-app', 'live');
      await Promise.resolve();
      vi.advanceTimersByTime(10);
      next!.click();
      expect(shown().visible).toEqual([false, false, true]);
      expect(reached).toEqual([]);
    });

    it('sets no timer for a single slide', () => {
      document.body.innerHTML = `<section data-slides-every="4000"><div>
        <div aria-roledescription="slide" aria-hidden="false"></div></div><button data-dot="" aria-current="true"></button>
      </section>`;
      const before = vi.getTimerCount();
      runBoot(CHUNKS);
      expect(vi.getTimerCount()).toBe(before);
    });
  });

  it("shows the picture a gallery's thumbnail asks for at once, the tap going no further, until the app takes over", async () => {
    document.body.innerHTML = `<div data-gallery="">
      <div data-picture=""><img alt="1"></div><div data-picture="" hidden><img alt="2"></div>
      <div data-picture="" hidden><img alt="3"></div>
      <button type="button" data-show-image="0" aria-pressed="true">1</button>
      <button type="button" data-show-image="1" aria-pressed="false">2</button>
      <button type="button" data-show-image="2" aria-pressed="false">3</button>
    </div>`;
    const reached: string[] = [];
    document.addEventListener('click', (e) => reached.push((e.target as Element).textContent ?? ''));
    runBoot(CHUNKS);
    const gallery = document.querySelector('[data-gallery]')!;
    const thumbs = [...gallery.querySelectorAll<HTMLElement>('[data-show-image]')];
    const state = () => ({
      hidden: [...gallery.querySelectorAll<HTMLElement>('[data-picture]')].map((picture) => picture.hidden),
      pressed: thumbs.map((thumb) => thumb.getAttribute('aria-pressed')),
    });
    thumbs[2]!.click();
    expect(state()).toEqual({ hidden: [true, true, false], pressed: ['false', 'false', 'true'] });
    thumbs[1]!.click();
    expect(state()).toEqual({ hidden: [true, false, true], pressed: ['false', 'true', 'false'] });
    expect(reached).toEqual([]);
    gallery.dispatchEvent(new Event('taken-over'));
    document.documentElement.setAttribute('data-app', 'live');
    await Promise.resolve();
    vi.runAllTimers();
    thumbs[0]!.click();
    expect(state()).toEqual({ hidden: [true, false, true], pressed: ['false', 'true', 'false'] });
    expect(reached).toEqual(['1']);
  });

  it("starts a signed-in visitor's page once painted and loaded, for their account links", () => {
    document.cookie = 'signed_in=1';
    const page = runBoot(CHUNKS.slice(0, 2));
    page.load();
    expect(added()).toEqual([]);
    page.paint();
    vi.runAllTimers();
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
  });

  it("starts the page's app when what it shows by the clock changes, a minute late at most after the device slept", () => {
    const state = (until: number) => `<script type="application/json" id="render-state" data-until="${until}">{}</script>`;
    const start = Date.now();
    document.body.innerHTML = state(start + 5 * 60_000);
    runBoot(CHUNKS.slice(0, 2));
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runAllTimers();
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);

    // Asleep past the change, the device's timers stood still: the next minute's check starts it.
    document.head.innerHTML = '';
    document.body.innerHTML = state(Date.now() + 30 * 60_000);
    runBoot(CHUNKS.slice(0, 2));
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000);
    vi.advanceTimersByTime(60_000);
    vi.runAllTimers();
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);

    // A page whose status had changed already when it came starts at once; one started by a touch, only then.
    document.head.innerHTML = '';
    document.body.innerHTML = state(Date.now() - 1_000);
    runBoot(CHUNKS.slice(0, 2));
    vi.runAllTimers();
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
    document.head.innerHTML = '';
    document.body.innerHTML = state(Date.now() + 60_000);
    const page = runBoot(CHUNKS.slice(0, 2));
    page.touch();
    vi.advanceTimersByTime(2 * 60_000);
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
  });

  it('starts a listing drawn for another window once painted and loaded, and one drawn for this window at a touch', () => {
    for (const [drawnAt, width, starts] of [
      [SHOP_PAGE_SIZE, 375, true],
      [SHOP_PAGE_SIZE_MOBILE, 1280, true],
      [SHOP_PAGE_SIZE, 1280, false],
      [SHOP_PAGE_SIZE_MOBILE, 375, false],
      [SHOP_PAGE_SIZE_MOBILE, MOBILE_BREAKPOINT - 1, false],
      [SHOP_PAGE_SIZE, MOBILE_BREAKPOINT, false],
    ] as const) {
      document.head.innerHTML = '';
      document.body.innerHTML = `<div id="products" data-drawn-for="${windowsFor(drawnAt)}"></div>`;
      const page = runBoot(CHUNKS.slice(0, 2), { width });
      page.load();
      expect(added()).toEqual([]);
      page.paint();
      vi.runAllTimers();
      expect({ drawnAt, width, added: added() }).toEqual({
        drawnAt,
        width,
        added: starts ? [...CHUNKS.slice(0, 2), 'script /assets/index.js'] : [],
      });
      // A page started already starts nothing more at the touch; the others start then.
      page.touch();
      vi.runAllTimers();
      expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
    }
  });

  it('taps the button tapped before the app was live again once it is, and nothing the browser handles itself', async () => {
    document.body.innerHTML =
      '<button type="button" id="next"><span>Next</span></button><button type="button" popovertarget="menu" id="menu"></button>';
    const next = document.getElementById('next')!;
    const menu = document.getElementById('menu')!;
    const clicks: string[] = [];
    document.addEventListener('click', (e) => clicks.push((e.target as Element).closest('button')!.id));
    runBoot(CHUNKS);
    menu.click();
    next.querySelector('span')!.click();
    expect(clicks).toEqual(['menu', 'next']);
    document.documentElement.setAttribute('data-app', 'live');
    await Promise.resolve();
    vi.runAllTimers();
    expect(clicks).toEqual(['menu', 'next', 'next']);
    next.click();
    vi.runAllTimers();
    expect(clicks).toEqual(['menu', 'next', 'next', 'next']);
  });

  it('makes the choice made in a select before the app was live again once it is, whatever the page set it back to', async () => {
    document.body.innerHTML = '<select id="sort"><option value="">Any</option><option value="asc">Low to high</option></select>';
    const select = document.getElementById('sort') as HTMLSelectElement;
    const changes: string[] = [];
    runBoot(CHUNKS);
    select.value = 'asc';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    document.addEventListener('change', () => changes.push(select.value));
    // Taking the page over draws the select as the server did.
    select.value = '';
    document.documentElement.setAttribute('data-app', 'live');
    await Promise.resolve();
    vi.runAllTimers();
    expect(changes).toEqual(['asc']);
    expect(select.value).toBe('asc');
  });
});
