import '../../lib/testing.tsx';
import type { ShopStatus } from '@shop/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShopInfoContext, shopInfoOf } from '../../lib/shop-info.ts';
import ClosedExtras from './ClosedExtras.tsx';
import type { EnquirySubject } from './subject.ts';

let status: ShopStatus | null = null;
vi.mock('../../lib/shop-status.ts', () => ({ useShopStatus: () => status }));
vi.mock('./EnquiryDialog.tsx', () => ({
  default: ({ onClose }: { onClose: () => void }) => (
    <div role="dialog" aria-label="Send an enquiry">
      <textarea aria-label="Message" />
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  ),
  drawOffPage: vi.fn(),
}));

const SUBJECT: EnquirySubject = { kind: 'enquiry', productId: 'p1', product: 'Pixel 8' };

describe('ClosedExtras', () => {
  it('keeps an enquiry being written as the shop opens, and its button until the visitor moves on', async () => {
    const user = userEvent.setup();
    status = { open: false } as ShopStatus;
    const { rerender } = render(<ClosedExtras subject={SUBJECT} compact />);
    await user.click(screen.getByRole('link', { name: 'Send an enquiry about Pixel 8' }));
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Is it in stock?');
    // Nine o'clock: the shop opens while the visitor writes.
    status = { open: true } as ShopStatus;
    rerender(<ClosedExtras subject={SUBJECT} compact />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Is it in stock?');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    // The browser hands the focus back to the button that opened the dialog: it stays until the visitor moves on.
    const button = screen.getByRole('link', { name: 'Send an enquiry about Pixel 8' });
    button.focus();
    rerender(<ClosedExtras subject={SUBJECT} compact />);
    expect(button).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('link', { name: /Send an enquiry/ })).not.toBeInTheDocument();
  });

  it('keeps a button holding the focus as the shop opens, until the focus leaves it', async () => {
    const user = userEvent.setup();
    status = { open: false } as ShopStatus;
    const extras = (
      <ShopInfoContext value={{ ...shopInfoOf(undefined), whatsapp: '07700 900123' }}>
        <ClosedExtras subject={SUBJECT} />
      </ShopInfoContext>
    );
    const { rerender } = render(extras);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Send an enquiry about Pixel 8' })).toHaveFocus();
    status = { open: true } as ShopStatus;
    rerender(extras);
    // The window losing the focus (another tab) leaves it where it was.
    const enquiry = screen.getByRole('link', { name: 'Send an enquiry about Pixel 8' });
    fireEvent.blur(enquiry, { relatedTarget: null });
    expect(enquiry).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Send an enquiry about Pixel 8' })).toBeInTheDocument();
    // Moving between the two buttons is not leaving them.
    await user.tab();
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing while the shop is open', () => {
    status = { open: true } as ShopStatus;
    render(<ClosedExtras subject={SUBJECT} compact />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
