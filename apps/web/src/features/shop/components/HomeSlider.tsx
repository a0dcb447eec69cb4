import { Icon } from '../../../components/layout/Icon.tsx';
import { ActionLink } from './ActionLink.tsx';
import { CallArt, PhonesArt, RepairArt } from './Artwork.tsx';
import { HeroSlider, type HeroSlide } from './HeroSlider.tsx';

/** The home page's slider: buying phones, repairing them, and calling the shop on `phone`. */
export function HomeSlider({ phone }: { phone: string }) {
  const slides: HeroSlide[] = [
    {
      id: 'buy',
      title: 'Buy Phones',
      text: 'New smartphones from the big brands, with NHS and student discounts in store.',
      action: (
        <ActionLink to="/shop/product" variant="light">
          Shop phones
        </ActionLink>
      ),
      art: <PhonesArt />,
      tone: 'bg-gradient-to-br from-brand-700 to-ink',
    },
    {
      id: 'repair',
      title: 'Repair Phones',
      text: 'Screens, batteries, cameras and charging ports fixed fast, most while you wait.',
      action: (
        <ActionLink to="/shop/phonerepair" variant="light">
          See repair prices
        </ActionLink>
      ),
      art: <RepairArt />,
      tone: 'bg-gradient-to-br from-emerald-800 to-ink',
    },
    {
      id: 'call',
      title: 'Call Us Today',
      text: `Questions about a phone or a repair? Our team is happy to help on ${phone}.`,
      action: (
        <ActionLink phone={phone} variant="light">
          <Icon name="phone" />
          Call {phone}
        </ActionLink>
      ),
      art: <CallArt />,
      tone: 'bg-gradient-to-br from-violet-800 to-ink',
    },
  ];
  return <HeroSlider slides={slides} />;
}
