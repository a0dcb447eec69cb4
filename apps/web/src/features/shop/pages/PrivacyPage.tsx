import { SHOP_PAGES, pageHeads } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { useRetentionDays } from '../api.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

/** 365 -> 'one year (365 days)', 30 -> '30 days'. */
const period = (days: number) =>
  days % 365 === 0 ? `${days / 365 === 1 ? 'one year' : `${days / 365} years`} (${days} days)` : `${days} days`;

/** The privacy notice (UK GDPR) for what visitors send the shop, stating how long enquiries are kept. */
export default function PrivacyPage() {
  const shop = useShopInfo();
  const retention = useRetentionDays();
  useHead({ ...pageHeads.privacy(shop.shopname), canonicalPath: SHOP_PAGES.privacy });
  const kept = retention.data ? period(retention.data) : 'the period set by the shop';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Privacy notice</h1>
      <p className="mt-3 text-lg text-slate-700">
        How {shop.shopname} uses the details you give us when you send an enquiry, book a repair or open an account, under the UK
        General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
      </p>

      <Section title="Who we are">
        <p>
          {shop.shopname}, {shop.address}, is the controller of your personal data. For any question about it, email{' '}
          <a href={`mailto:${shop.email}`} className="font-semibold text-brand-700 underline">
            {shop.email}
          </a>{' '}
          or call {shop.phoneno}.
        </p>
      </Section>

      <Section title="What we keep when you contact us">
        <p>
          When you send an enquiry or ask to book a repair, we keep your name, the phone number and/or email address you give,
          your message, the product or repair it is about, the day and time you ask for, and when you sent it. We add our own
          notes as we deal with it (for example that we called you back).
        </p>
        <p>
          We use these details only to answer you and to arrange your purchase or repair. We never sell them or use them for
          marketing.
        </p>
      </Section>

      <Section title="Why we may use them">
        <p>
          You agree to be contacted when you send the form (consent), and we need the details to take the steps you ask for before
          a sale or a repair (UK GDPR Article 6(1)(a) and (b)). You can withdraw your consent at any time by asking us to delete
          your enquiry.
        </p>
      </Section>

      <Section title="Who sees them">
        <p>
          Only our staff, in the shop's own system. When the shop has set up email notifications, a copy of your enquiry is
          emailed to the shop's own mailbox through its email provider.
        </p>
      </Section>

      <Section title="How long we keep them">
        <p>
          Enquiries and booking requests are deleted automatically {kept} after they are sent, together with our notes on them. We
          delete one sooner when you ask us to.
        </p>
      </Section>

      <Section title="Accounts, cookies and security">
        <p>
          If you open an account we keep your name, email address and a scrambled form of your password until you ask us to delete
          the account. Signing in sets two cookies: one keeps you signed in, the other only tells the shop's pages that you
          are. Two more remember your screen: whether it is narrow, to show five products a page (for your visit), and the grid
          or list view you chose (for a year). The shop sets no advertising or tracking cookies.
        </p>
        <p>
          To protect the shop from abuse, we count the requests from each internet address for a short time, then delete the
          count.
        </p>
      </Section>

      <Section title="Your rights">
        <p>
          You can ask us for a copy of your details, to correct them, or to delete them, and you can object to how we use them.
          Email or call us as above; we answer within one month. If you are unhappy with how we handle your data, you can complain
          to the Information Commissioner's Office (ico.org.uk, 0303 123 1113).
        </p>
      </Section>

      <p className="mt-10">
        <Link to={SHOP_PAGES.contact} className="font-semibold text-brand-700 underline">
          Contact us
        </Link>
      </p>
    </div>
  );
}
