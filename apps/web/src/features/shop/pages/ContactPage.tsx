import { SHOP_PAGES, pageHeads } from '@shop/shared';
import { Suspense, useContext, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { RenderHintsContext } from '../../../app/render-hints.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { subjectName } from '../../../components/enquiry/subject.ts';
import { Icon } from '../../../components/layout/Icon.tsx';
import { Island } from '../../../app/island.tsx';
import { WeekHours } from '../../../components/layout/WeekHours.tsx';
import { useHead } from '../../../lib/head.ts';
import { mapsHref, telHref, useShopInfo } from '../../../lib/shop-info.ts';
import { WhatsAppLink } from '../../../components/enquiry/WhatsAppLink.tsx';
import { useEnquirySubject } from '../api.ts';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const contactLink = 'inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline';

/**
 * Where the shop is, when it is open, how to reach it, and the form for a question or a repair booking; about a repair
 * price or a product when the address names one (`contactPath`: an enquiry button before the app is live).
 */
export default function ContactPage() {
  const shop = useShopInfo();
  const [params] = useSearchParams();
  // Where the server sends a visitor whose browser sent the form itself (POST /contact), once it is sent.
  const sent = params.get('sent');
  const about = useEnquirySubject({ repairId: params.get('repair'), productId: params.get('product') });
  const subject = about.data ?? undefined;
  // A form the browser sent itself and the server refused: drawn again as it was typed, on the page the server sent
  // (the history's first entry), not when the visitor comes back to the contact page later.
  const hinted = useContext(RenderHintsContext).enquiry;
  const location = useLocation();
  const refused = location.key === 'default' ? hinted : undefined;
  // The page sent by the server is scrolled to the form by the browser (an enquiry button links to #contact-form);
  // drawn here, when the server could not render it, the form's heading is only there once the page's code is.
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (location.hash === '#contact-form') formHeading.current?.scrollIntoView();
  }, [location.hash]);
  useHead({ ...pageHeads.contact(shop.shopname, shop.address), canonicalPath: SHOP_PAGES.contact });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Contact us</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">
        Visit, call or message us. Send a question or book a repair here at any hour: we reply as soon as we are open.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="contact-visit" className={card}>
            <h2 id="contact-visit" className="text-lg font-bold text-ink">
              Visit us
            </h2>
            <p className="mt-2 text-slate-800">{shop.address}</p>
            <a href={mapsHref(shop.address)} target="_blank" rel="noopener noreferrer" className={`${contactLink} mt-3`}>
              <Icon name="pin" />
              Open in Maps<span className="sr-only"> (opens a map in a new tab)</span>
            </a>
            <ul className="mt-5 space-y-3 border-t border-slate-200 pt-4">
              <li>
                <a href={telHref(shop.phoneno)} className={contactLink}>
                  <Icon name="phone" />
                  Call us: {shop.phoneno}
                </a>
              </li>
              <li>
                <a href={`mailto:${shop.email}`} className={`${contactLink} break-all`}>
                  <Icon name="mail" />
                  Email us: {shop.email}
                </a>
              </li>
              {shop.whatsapp && (
                <li>
                  <WhatsAppLink subject={{ kind: 'enquiry' }} className={contactLink}>
                    WhatsApp us: {shop.whatsapp}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </WhatsAppLink>
                </li>
              )}
            </ul>
          </section>
          {shop.hours && (
            <section aria-labelledby="contact-hours" className={card}>
              <h2 id="contact-hours" className="text-lg font-bold text-ink">
                Opening hours
              </h2>
              <Island part="open-status" className="mt-1 text-slate-700" />
              <WeekHours hours={shop.hours} className="mt-3 text-slate-800" />
              <Island part="closures" />
            </section>
          )}
        </div>
        <section aria-labelledby="contact-form" className={card}>
          <h2 id="contact-form" ref={formHeading} className="text-lg font-bold text-ink">
            {!subject ? 'Send us a message' : subject.kind === 'booking' ? 'Book this repair' : 'Send an enquiry'}
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-700">
            {subject ? subjectName(subject) : 'Ask a question, or choose a day and time for a repair.'}
          </p>
          {about.isLoading ? (
            <Spinner label="Loading the form" />
          ) : (
            <Suspense fallback={<Spinner label="Loading the form" />}>
              <Island
                part="enquiry-form"
                key={subject ? subjectName(subject) : ''}
                id="contact"
                subject={subject}
                refused={refused}
                sent={sent === 'enquiry' || sent === 'booking' ? sent : undefined}
              />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
