import { bookingMessages, enquiryMessages, type AppDetail, type OpeningHours } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../lib/testing.tsx';
import EnquiryForm from './EnquiryForm.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

const HOURS: OpeningHours = {
  week: {
    mon: [{ open: '09:00', close: '12:00' }],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  closures: [],
};

const shop = { shopname: 'Kingsway Mobiles', hours: HOURS, whatsapp: '' } as unknown as AppDetail;

beforeEach(() => {
  // Monday 2 June 2025, 08:00 in the UK (BST): the booking form offers that morning.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-02T07:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function answer(status: number, body: unknown) {
  const sent: unknown[] = [];
  const fetchMock = mockApi((path, init) => {
    if (path === '/appdetail/getall') return { body: { success: true, fetchAppDetail: [shop] } };
    if (path === '/enquiry/create') {
      sent.push(JSON.parse(String(init?.body)));
      return { status, body };
    }
    return undefined;
  });
  return { sent, fetchMock };
}

describe('EnquiryForm', () => {
  it('says at once that no booking can be made when no day ahead is open, and sends nothing', async () => {
    const shut = { ...HOURS, week: { ...HOURS.week, mon: [] } };
    const sent: unknown[] = [];
    mockApi((path) => {
      if (path === '/appdetail/getall') return { body: { success: true, fetchAppDetail: [{ ...shop, hours: shut }] } };
      if (path === '/enquiry/create') sent.push(path);
      return undefined;
    });
    renderRoute(<EnquiryForm subject={{ kind: 'booking', repairId: 'r1', phone: 'Pixel 8', repair: 'Screen' }} />);
    expect(await screen.findByText(bookingMessages.noDays)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your name'), 'Jane Smith');
    await user.type(screen.getByLabelText('Phone'), '07700 900123');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(await screen.findByLabelText('Preferred day')).toHaveAccessibleDescription(bookingMessages.noDays);
    expect(sent).toEqual([]);
  });

  it("keeps what was typed in a dialog's form closed unsent, for the same subject only, until it is sent", async () => {
    const { sent } = answer(201, { success: true, message: enquiryMessages.sent });
    const pixel = { kind: 'enquiry', productId: 'p1', product: 'Pixel 9' } as const;
    const user = userEvent.setup();
    const first = renderRoute(<EnquiryForm subject={pixel} keepDraft />);
    await user.type(await screen.findByLabelText('Your name'), 'Jane Smith');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    first.unmount();

    const other = renderRoute(<EnquiryForm subject={{ kind: 'enquiry', productId: 'p2', product: 'Pixel 8' }} keepDraft />);
    expect(await screen.findByLabelText('Your name')).toHaveValue('');
    other.unmount();

    const again = renderRoute(<EnquiryForm subject={pixel} keepDraft />);
    expect(await screen.findByLabelText('Your name')).toHaveValue('Jane Smith');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
    expect(screen.getByLabelText('Your message')).toHaveValue("Hello, I'm interested in the Pixel 9. Is it available?");
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Jane Smith', email: 'jane@example.com', productId: 'p1' });
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue(''));
    again.unmount();

    // Sent, it starts afresh.
    renderRoute(<EnquiryForm subject={pixel} keepDraft />);
    expect(await screen.findByLabelText('Your name')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
  });

  it("books a repair at a time the shop's hours offer, sending the repair and an empty honeypot", async () => {
    const { sent } = answer(201, { success: true, message: enquiryMessages.booked });
    const onSent = vi.fn();
    const { container } = renderRoute(
      <EnquiryForm subject={{ kind: 'booking', repairId: 'r1', phone: 'Pixel 8', repair: 'Screen' }} onSent={onSent} />,
    );
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Anything we should know?')).toHaveValue(
      "Hello, I'd like to book this repair: Pixel 8 – Screen Repair.",
    );
    // What must be filled in is told to screen readers; phone and email, one of which is enough, are not.
    for (const label of ['Your name', 'Preferred day', 'Preferred time', 'Anything we should know?', /^I agree/]) {
      expect(screen.getByLabelText(label), String(label)).toHaveAttribute('aria-required', 'true');
    }
    for (const label of ['Phone', 'Email']) expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-required');
    // Sent by the browser itself, it goes to the contact page's form about the same repair.
    expect(container.querySelector('form')?.getAttribute('action')).toBe('/contact?repair=r1#contact-form');

    await user.click(screen.getByRole('button', { name: 'Send booking request' }));
    for (const message of [
      enquiryMessages.nameRequired,
      enquiryMessages.contactRequired,
      enquiryMessages.consent,
      enquiryMessages.dateRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Your name'), 'Jane Smith');
    await user.type(screen.getByLabelText('Phone'), '07700 900123');
    await user.type(screen.getByLabelText('Preferred day'), '2025-06-02');
    await waitFor(() => expect(screen.getByLabelText('Preferred time')).toBeEnabled());
    const times = within(screen.getByLabelText('Preferred time'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(times).toEqual(['Choose a time', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    await user.selectOptions(screen.getByLabelText('Preferred time'), '10:30');
    await user.click(screen.getByRole('checkbox', { name: /I agree to Kingsway Mobiles contacting me/ }));
    await user.click(screen.getByRole('button', { name: 'Send booking request' }));

    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'booking',
        name: 'Jane Smith',
        phone: '07700 900123',
        preferredDate: '2025-06-02',
        preferredTime: '10:30',
        repairId: 'r1',
        consent: true,
        website: '',
      }),
    ]);
  });

  it('offers no time on a day the shop is closed, and says why when sent', async () => {
    answer(201, { success: true, message: enquiryMessages.booked });
    renderRoute(<EnquiryForm subject={{ kind: 'booking', phone: 'Pixel 8', repair: 'Screen' }} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Preferred day'), '2025-06-03');
    expect(screen.getByLabelText('Preferred time')).toBeDisabled();
    expect(within(screen.getByLabelText('Preferred time')).getByRole('option')).toHaveTextContent('No times that day');
    await user.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(await screen.findByText("We're closed on Tuesdays. Please choose another day.")).toBeInTheDocument();
  });

  it("keeps what was typed and shows the server's messages beside the fields when it refuses", async () => {
    const { sent } = answer(400, {
      success: false,
      message: enquiryMessages.productGone,
      fieldErrors: { productId: [enquiryMessages.productGone], email: [enquiryMessages.email] },
    });
    const onSent = vi.fn();
    renderRoute(<EnquiryForm subject={{ kind: 'enquiry', productId: 'p1', product: 'Pixel 9' }} onSent={onSent} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your name'), 'Jane Smith');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    const send = screen.getByRole('button', { name: 'Send enquiry' });
    await user.click(send);
    expect(await screen.findByText(enquiryMessages.email)).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ kind: 'enquiry', productId: 'p1', email: 'jane@example.com' })]);
    expect(screen.getByLabelText('Your name')).toHaveValue('Jane Smith');
    expect(screen.getByLabelText('Your message')).toHaveValue("Hello, I'm interested in the Pixel 9. Is it available?");
    expect(send).not.toHaveAttribute('aria-disabled');
    expect(onSent).not.toHaveBeenCalled();
    // The product was deleted since the page was drawn: the message box says what to do, and the next send is
    // about what the message says, without the product.
    expect(screen.getByLabelText('Your message')).toHaveAccessibleDescription(enquiryMessages.productGone);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jane@example.org');
    await user.click(send);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).not.toHaveProperty('productId');
  });

  it("says the form's own words, not the server's, when the server fails or cannot be reached", async () => {
    answer(500, { success: false, message: 'Internal Server Error' });
    renderRoute(<EnquiryForm />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your name'), 'Jane Smith');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Your message'), 'Do you fix tablets?');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Sorry, your message could not be sent. Please try again, or call us.', undefined),
    );
    expect(toast.error).not.toHaveBeenCalledWith('Internal Server Error', undefined);
    expect(screen.getByLabelText('Your message')).toHaveValue('Do you fix tablets?');
  });

  it('is a form the browser can send itself, and shows a form the server refused as it was typed until it is sent again', async () => {
    const { sent } = answer(201, { success: true, message: enquiryMessages.booked });
    const refused = {
      values: {
        kind: 'booking',
        name: '',
        phone: '07700 900123',
        email: '',
        message: 'My screen',
        preferredDate: '2025-06-02',
        consent: true,
      },
      message: enquiryMessages.nameRequired,
      fieldErrors: { name: [enquiryMessages.nameRequired], preferredTime: [enquiryMessages.timeRequired] },
    };
    const { container } = renderRoute(<EnquiryForm refused={refused} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(enquiryMessages.nameRequired);
    const form = container.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/contact#contact-form']);
    expect(screen.getByRole('radio', { name: 'Book a repair' })).toBeChecked();
    expect(screen.getByLabelText('Phone')).toHaveValue('07700 900123');
    expect(screen.getByLabelText('Anything we should know?')).toHaveValue('My screen');
    expect(screen.getByLabelText('Preferred day')).toHaveValue('2025-06-02');
    expect(screen.getByLabelText('Preferred time')).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription(enquiryMessages.nameRequired);
    expect(screen.getByText(enquiryMessages.timeRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your name'), 'Jane Smith');
    await user.selectOptions(screen.getByLabelText('Preferred time'), '10:30');
    await user.click(screen.getByRole('button', { name: 'Send booking request' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual(
      expect.objectContaining({
        kind: 'booking',
        name: 'Jane Smith',
        phone: '07700 900123',
        preferredTime: '10:30',
        consent: true,
      }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(enquiryMessages.timeRequired)).not.toBeInTheDocument();
  });

  it('sends a form the server refused for a repair no longer listed without it, to the general contact page', async () => {
    answer(201, { success: true, message: enquiryMessages.booked });
    const refused = {
      values: {
        kind: 'booking',
        name: 'Jane Smith',
        phone: '07700 900123',
        message: 'Cracked',
        preferredDate: '2025-06-02',
        consent: true,
      },
      message: enquiryMessages.repairGone,
      fieldErrors: { repairId: [enquiryMessages.repairGone] },
    };
    const { container } = renderRoute(
      <EnquiryForm subject={{ kind: 'booking', repairId: 'r1', phone: 'Pixel 8', repair: 'Screen' }} refused={refused} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(enquiryMessages.repairGone);
    const form = container.querySelector('form')!;
    // Sent again by the browser, it would be refused again for the same repair: it goes without it.
    expect(form.getAttribute('action')).toBe('/contact#contact-form');
    expect(container.querySelector('input[name="repairId"]')).toBeNull();
    expect(container.querySelector('input[name="kind"]')).toHaveValue('booking');
    expect(screen.getByLabelText('Anything we should know?')).toHaveValue('Cracked');
    expect(screen.getByLabelText('Anything we should know?')).toHaveAccessibleDescription(enquiryMessages.repairGone);
  });
});
