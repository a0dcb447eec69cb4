import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { shopInfoOf } from '../../lib/shop-info.ts';
import { drawOffPage } from './EnquiryDialog.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('drawOffPage', () => {
  it('draws the dialog and its form off the page, styles it in the page within one task, and throws it away', async () => {
    const made: HTMLElement[] = [];
    const createElement = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
      const element = createElement(tag, options);
      if (tag === 'dialog') made.push(element);
      return element;
    });
    const showModal = vi.fn();
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    // When the browser is asked to lay the dialog out: where it was then, and whether it was still there for the very
    // next thing to run.
    const measured: { inPage: boolean; open: boolean; inPageAfter?: boolean }[] = [];
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this instanceof HTMLDialogElement) {
        const seen: (typeof measured)[number] = { inPage: document.body.contains(this), open: this.open };
        measured.push(seen);
        queueMicrotask(() => (seen.inPageAfter = document.body.contains(this)));
      }
      return new DOMRect();
    });
    const bodyBefore = document.body.childElementCount;

    drawOffPage(shopInfoOf(undefined), { kind: 'booking', repairId: 'r1', phone: 'Pixel 8', repair: 'Screen' });
    await waitFor(() => expect(made).toHaveLength(1));
    const dialog = made[0]!;
    // Drawn whole, as a tap would draw it, but in no document.
    await waitFor(() => expect(dialog.querySelector('[name="preferredDate"]')).not.toBeNull());
    expect(dialog.textContent).toContain('Book this repair');
    expect(dialog.isConnected).toBe(false);
    // Then thrown away: React takes it out of the root it was drawn in.
    await waitFor(() => expect(dialog.parentNode).toBeNull());
    // Before that, styled and laid out once in the page, open, and out of it before anything else could run.
    expect(measured).toEqual([{ inPage: true, open: true, inPageAfter: false }]);
    expect(showModal).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.body.childElementCount).toBe(bodyBefore);
  });
});
