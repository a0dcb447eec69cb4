import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnquirySubject } from './subject.ts';

vi.mock('./EnquiryDialog.tsx', () => ({ default: () => null, drawOffPage: vi.fn() }));

const BOOKING: EnquirySubject = { kind: 'booking', repairId: 'r1', phone: 'Pixel 8', repair: 'Screen' };
const OTHER: EnquirySubject = { kind: 'booking', repairId: 'r2', phone: 'Pixel 8', repair: 'Battery' };

/** The button and the dialog's module as a new page has them: nothing drawn ahead yet. */
async function freshPage() {
  vi.resetModules();
  const { EnquiryButton } = await import('./EnquiryButton.tsx');
  const { drawOffPage } = await import('./EnquiryDialog.tsx');
  return { EnquiryButton, drawOffPage: vi.mocked(drawOffPage) };
}

const live = () => {
  document.documentElement.dataset.app = 'live';
};
/** Long enough for the idle moment (a timer where the browser has no requestIdleCallback) and the module's load. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  delete document.documentElement.dataset.app;
});
afterEach(() => {
  delete (navigator as { connection?: unknown }).connection;
});

describe('EnquiryButton', () => {
  it('draws its dialog off the page once the page is live and idle, once for every button of the page', async () => {
    const { EnquiryButton, drawOffPage } = await freshPage();
    render(
      <>
        <EnquiryButton subject={BOOKING}>Book</EnquiryButton>
        <EnquiryButton subject={OTHER}>Book</EnquiryButton>
      </>,
    );
    await settle();
    expect(drawOffPage).not.toHaveBeenCalled();
    live();
    await waitFor(() => expect(drawOffPage).toHaveBeenCalledTimes(1));
    expect(drawOffPage).toHaveBeenCalledWith(expect.objectContaining({ shopname: expect.any(String) }), BOOKING);
    await settle();
    expect(drawOffPage).toHaveBeenCalledTimes(1);
  });

  it('draws it at once on a page already live, such as one the app drew', async () => {
    const { EnquiryButton, drawOffPage } = await freshPage();
    live();
    render(<EnquiryButton subject={BOOKING}>Book</EnquiryButton>);
    await waitFor(() => expect(drawOffPage).toHaveBeenCalledTimes(1));
  });

  it('draws nothing ahead on a connection the visitor asked to spare', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const { EnquiryButton, drawOffPage } = await freshPage();
    live();
    render(<EnquiryButton subject={BOOKING}>Book</EnquiryButton>);
    await settle();
    expect(drawOffPage).not.toHaveBeenCalled();
  });
});
