import type { CoverKind } from './artwork.ts';
import type { DemoBrand } from './catalogue.ts';

/** Where a demo post's body links: a brand's repair prices and a product of the demo catalogue, by name. */
export interface DemoLinks {
  repairs(brand: DemoBrand): string;
  product(name: string): string;
}

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  cover: CoverKind;
  alt: string;
  /** Published this many days before the catalogue is loaded. */
  daysAgo: number;
  body(links: DemoLinks): string;
}

/** The demo shop's blog: a battery guide, a repair-or-replace guide and a seasonal offer. Oldest first. */
export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Is it worth replacing your iPhone battery? A plain-English guide',
    slug: 'is-it-worth-replacing-your-iphone-battery',
    excerpt:
      'Phone dying by lunchtime? A new battery costs a fraction of a new phone. Here is how to check yours, what it costs and how long it takes.',
    cover: 'battery',
    alt: 'A phone with a full green battery and a charging bolt on a teal background',
    daysAgo: 24,
    body: (
      links,
    ) => `If your phone is on 20% by lunchtime, or switches itself off in the cold, the battery is usually the culprit, not the phone. Lithium-ion batteries wear out with every charge, and after two or three years most have lost a fifth of what they held when new.

## How to check your battery's health

- **iPhone:** open *Settings › Battery › Battery Health & Charging*. Below **80%** maximum capacity, Apple itself recommends a replacement.
- **Android:** Samsung phones show it under *Settings › Battery › Battery information*; on other phones, dial \`*#*#4636#*#*\` or ask us to run a quick test in the shop.

Other signs: the phone gets warm while charging, the percentage jumps around, or the back of the case has started to bulge. A swollen battery is a safety risk, so please bring it in straight away.

## What it costs

Every battery we fit is new, comes with a **6-month warranty** and is fitted while you wait.

| Phone | Battery replacement | Usually takes |
|:--|--:|--:|
| Apple iPhone 11 | £49 | 30 minutes |
| Apple iPhone 13 | £69 | 40 minutes |
| Apple iPhone 15 | £89 | 45 minutes |
| Samsung Galaxy S22 | £69 | 60 minutes |

See every model on our [Apple repair prices](${links.repairs('Apple')}) and [Samsung repair prices](${links.repairs('Samsung')}) pages.

## Is it worth it?

For a phone that still does everything you need, almost always yes. A new battery for an iPhone 11 costs less than a tenth of a new iPhone, and makes the phone feel new again for another two years or more.

> "My iPhone 11 went from needing a charge at 3pm to lasting until bedtime. Forty minutes and a coffee round the corner." — Sarah, Reading

## Make your new battery last

1. Avoid leaving it at 100% on the charger overnight: turn on *Optimised Battery Charging*.
2. Keep it out of hot cars and direct sun.
3. Use a decent charger, such as our [Fast Charger 25W USB-C](${links.product('Fast Charger 25W USB-C')}).

Pop in or give us a call to book: most battery jobs are done the same day.`,
  },
  {
    title: 'Repair or replace? Five questions to ask before you upgrade',
    slug: 'repair-or-replace-five-questions',
    excerpt:
      'A cracked screen or a tired battery does not have to mean a new contract. Five honest questions to decide whether to fix your phone or move on.',
    cover: 'repair',
    alt: 'A phone with a cracked screen beside a wrench and a gear',
    daysAgo: 11,
    body: (
      links,
    ) => `A new flagship costs £800 or more. A repair usually costs a fraction of that. But repairing is not always the right call, so here are the questions we ask customers at the counter.

## 1. Does the phone still get updates?

Security updates matter more than any feature. Recent iPhones get around six years of updates, and Samsung's Galaxy S24 gets seven. If your phone has stopped getting them, it is time to move on, however good the repair.

## 2. What does the repair cost compared with the phone's value?

Our rule of thumb: if the repair costs **less than half** what the phone is worth second-hand, repair it. A £129 screen on a phone worth £350 is good value; a £229 screen on a phone worth £150 is not.

## 3. Is it one problem, or several?

A cracked screen on an otherwise healthy phone is one repair. A cracked screen, a weak battery *and* a loose charging port is three, and the total adds up quickly. We always quote the whole job before we start.

## 4. Do you need more storage or a better camera?

No repair adds storage. If you are forever deleting photos to make room, an upgrade such as the [Apple iPhone 15](${links.product('Apple iPhone 15')}) or a great-value [Nokia G42 5G](${links.product('Nokia G42 5G')}) will make you happier than a repair.

## 5. What happens to the old phone?

A repaired phone stays in use instead of in a drawer, which is better for your pocket and the planet. If you do upgrade, we can move your data across, wipe the old phone safely and tell you what it is worth.

---

Still not sure? Check the prices for your model on the [phone repair pages](${links.repairs('Samsung')}) or bring it in: the diagnosis is free and takes ten minutes.`,
  },
  {
    title: 'Free tempered glass with every screen repair',
    slug: 'free-tempered-glass-with-screen-repairs',
    excerpt:
      'For a limited time, every screen repair comes with a tempered glass protector fitted free, and students and NHS staff save 10% too.',
    cover: 'offer',
    alt: 'A gift box and an orange price tag with a percent sign',
    daysAgo: 3,
    body: (
      links,
    ) => `New screen, new start. For a **limited time**, every screen repair in the shop comes with a tempered glass screen protector, fitted free, so your new screen stays new.

## What is included

- A new screen, fitted while you wait (most phones in under an hour)
- A [tempered glass screen protector](${links.product('Tempered Glass Screen Protector (2 pack)')}) cut for your model, fitted by us, bubble-free
- Our 6-month warranty on the repair

## Students and NHS staff

Show a valid student card or NHS ID and we take **10% off** the repair as well. The offer applies to every brand on our [repair price list](${links.repairs('Apple')}).

## The small print

One free protector per repair, while stocks last. Not combinable with other offers, apart from the student and NHS discount.

Call us or just walk in: no appointment needed.`,
  },
];
