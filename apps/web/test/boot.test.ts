import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** public/boot.js, run as the browser runs it: its own script element is document.currentScript. */
const source = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/boot.js'), 'utf8');

const CHUNKS = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);

/** Runs boot.js in a window of its own, with a paint observer the test fires. */
function runBoot(chunks: string[]) {
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
  const doc = {
    currentScript: script,
    readyState: 'loading',
    head: document.head,
    createElement: (tag: string) => document.createElement(tag),
  };
  const win = Object.assign(new EventTarget(), { PerformanceObserver: FakeObserver });
  new Function('document', 'PerformanceObserver', 'window', source)(doc, FakeObserver, win);
  return {
    paint: () => onPaint?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }),
    load: () => win.dispatchEvent(new Event('load')),
  };
}

const added = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
    (el) => el.getAttribute('href') ?? `script ${el.getAttribute('src')}`,
  );

describe('boot.js', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts nothing before the first paint and the load', () => {
    const page = runBoot(CHUNKS);
    page.paint();
    expect(added()).toEqual([]);
    runBoot(CHUNKS).load();
    expect(added()).toEqual([]);
  });

  it('preloads the chunks a few per task once painted and loaded, then adds the entry last', () => {
    const page = runBoot(CHUNKS);
    page.paint();
    page.load();
    expect(added()).toEqual(CHUNKS.slice(0, 4));
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(CHUNKS.slice(0, 8));
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([...CHUNKS, 'script /assets/index.js']);
    const entry = document.head.querySelector('script[type="module"]')!;
    expect(entry.getAttribute('crossorigin')).toBe('');
  });

  it('starts the app after 3 s when the page never reports its paint or its load', () => {
    runBoot(CHUNKS.slice(0, 2));
    vi.advanceTimersByTime(2999);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual([...CHUNKS.slice(0, 2), 'script /assets/index.js']);
    vi.runAllTimers();
    expect(added()).toHaveLength(3);
  });
});
