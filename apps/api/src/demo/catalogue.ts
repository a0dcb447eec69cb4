import { DISCOUNT_OPTION, ukTime, type Availability, type OpeningHours, type Ram, type Rom } from '@shop/shared';
import type { AccessoryKind } from './artwork.ts';

/** The demo shop: a fictional UK high-street phone shop with realistic 2025 prices. */

export const DEMO_BRANDS = [
  { model: 'Apple', letter: 'A', colour: '#1f2937', tint: '#e5e7eb' },
  { model: 'Samsung', letter: 'S', colour: '#1d4ed8', tint: '#dbeafe' },
  { model: 'Google', letter: 'G', colour: '#16a34a', tint: '#dcfce7' },
  { model: 'Oppo', letter: 'O', colour: '#059669', tint: '#d1fae5' },
  { model: 'Xiaomi', letter: 'X', colour: '#ea580c', tint: '#ffedd5' },
  { model: 'Nokia', letter: 'N', colour: '#2563eb', tint: '#e0e7ff' },
] as const;

export type DemoBrand = (typeof DEMO_BRANDS)[number]['model'];

export const DEMO_CATEGORIES = ['Cases', 'Chargers', 'Screen Protectors', 'Headphones'] as const;
export const DEMO_REPAIR_CATEGORIES = ['Screen', 'Battery', 'Charging Port', 'Back Glass', 'Camera'] as const;

export const DEMO_SHOP = {
  shopname: 'Kingsway Mobiles',
  email: 'hello@kingsway-mobiles.example',
  phoneno: '07700 900123',
  address: '27 Broad Street, Reading RG1 2BH',
  facebook: 'https://www.facebook.com/kingswaymobiles',
  instagram: 'https://www.instagram.com/kingswaymobiles',
  x: 'https://x.com/kingswaymobiles',
  whatsapp: '07700 900123',
};

/**
 * A high-street shop's week: weekdays 9 to 5:30, a late Thursday, Saturday 9:30 to 5, Sunday trading 11 to 4; shut
 * on the coming Christmas Day, Boxing Day and New Year's Day (dated from `now`, so the demo never shows past ones).
 */
export function demoHours(now: number = Date.now()): OpeningHours {
  const weekday = [{ open: '09:00', close: '17:30' }];
  const today = ukTime(now).date;
  const year = Number(today.slice(0, 4));
  const christmas = today <= `${year}-12-26` ? year : year + 1;
  const newYear = today <= `${year}-01-01` ? year : year + 1;
  return {
    week: {
      mon: weekday,
      tue: weekday,
      wed: weekday,
      thu: [{ open: '09:00', close: '19:00' }],
      fri: weekday,
      sat: [{ open: '09:30', close: '17:00' }],
      sun: [{ open: '11:00', close: '16:00' }],
    },
    closures: [
      { from: `${christmas}-12-25`, to: `${christmas}-12-26`, label: 'Christmas' },
      { from: `${newYear}-01-01`, to: `${newYear}-01-01`, label: "New Year's Day" },
    ].sort((a, b) => (a.from < b.from ? -1 : 1)),
  };
}

interface Common {
  productname: string;
  price: number;
  stockquantity: number;
  description: string;
  availability: Availability;
  warranty: string;
  discount: string;
  color: string;
}

export type DemoProduct =
  | (Common & { kind: 'phone'; brand: DemoBrand; body: string; ram: Ram[]; rom: Rom[] })
  | (Common & { kind: 'accessory'; category: (typeof DEMO_CATEGORIES)[number]; art: AccessoryKind; shade: string });

const NHS = DISCOUNT_OPTION;

/** Listed oldest first, so the newest-first shop shows the last ones first. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    kind: 'phone',
    brand: 'Nokia',
    body: '#6b7280',
    productname: 'Nokia G42 5G',
    price: 199,
    stockquantity: 9,
    ram: ['6GB'],
    rom: ['128GB'],
    color: 'So Grey, So Purple',
    availability: 'In Stock',
    warranty: '12 months',
    discount: NHS,
    description: 'A dependable 5G phone with a repairable design, a three-day battery and a 50MP camera.',
  },
  {
    kind: 'phone',
    brand: 'Xiaomi',
    body: '#0f766e',
    productname: 'Redmi Note 13 Pro',
    price: 349,
    stockquantity: 6,
    ram: ['8GB'],
    rom: ['256GB'],
    color: 'Midnight Black, Ocean Teal',
    availability: 'In Stock',
    warranty: '12 months',
    discount: '',
    description: 'A 200MP camera, a bright 120Hz AMOLED screen and 67W turbo charging at a sensible price.',
  },
  {
    kind: 'phone',
    brand: 'Oppo',
    body: '#cbd5e1',
    productname: 'Oppo Reno12 5G',
    price: 449,
    stockquantity: 4,
    ram: ['12GB'],
    rom: ['256GB'],
    color: 'Astro Silver, Black Brown',
    availability: 'In Stock',
    warranty: '12 months',
    discount: NHS,
    description: 'Slim and light with a 50MP portrait camera, AI photo editing and 80W SUPERVOOC charging.',
  },
  {
    kind: 'phone',
    brand: 'Google',
    body: '#93c5fd',
    productname: 'Google Pixel 8a',
    price: 499,
    stockquantity: 7,
    ram: ['8GB'],
    rom: ['128GB'],
    color: 'Bay, Porcelain, Obsidian',
    availability: 'In Stock',
    warranty: '2 years',
    discount: NHS,
    description: 'Pixel smarts for less: Magic Eraser, a 120Hz Actua display and seven years of updates.',
  },
  {
    kind: 'phone',
    brand: 'Google',
    body: '#1f2937',
    productname: 'Google Pixel 8',
    price: 699,
    stockquantity: 5,
    ram: ['8GB'],
    rom: ['128GB', '256GB'],
    color: 'Obsidian, Hazel, Rose',
    availability: 'In Stock',
    warranty: '2 years',
    discount: NHS,
    description: 'The helpful Google phone with the Tensor G3 chip, a superb camera and Best Take.',
  },
  {
    kind: 'phone',
    brand: 'Samsung',
    body: '#1e3a8a',
    productname: 'Samsung Galaxy A55 5G',
    price: 439,
    stockquantity: 12,
    ram: ['8GB'],
    rom: ['128GB', '256GB'],
    color: 'Awesome Navy, Awesome Iceblue',
    availability: 'In Stock',
    warranty: '2 years',
    discount: NHS,
    description: 'A premium metal frame, a 6.6-inch Super AMOLED screen and IP67 water resistance.',
  },
  {
    kind: 'phone',
    brand: 'Samsung',
    body: '#a7f3d0',
    productname: 'Samsung Galaxy Z Flip6',
    price: 1049,
    stockquantity: 2,
    ram: ['12GB'],
    rom: ['256GB', '512GB'],
    color: 'Silver Shadow, Mint',
    availability: 'Out of Stock',
    warranty: '2 years',
    discount: '',
    description: 'The pocketable foldable with a bigger cover screen, a 50MP camera and Galaxy AI built in.',
  },
  {
    kind: 'phone',
    brand: 'Samsung',
    body: '#111827',
    productname: 'Samsung Galaxy S24',
    price: 799,
    stockquantity: 8,
    ram: ['8GB'],
    rom: ['128GB', '256GB'],
    color: 'Onyx Black, Marble Grey',
    availability: 'In Stock',
    warranty: '2 years',
    discount: NHS,
    description: 'A compact flagship with Galaxy AI, a 120Hz display and a triple camera with 3x zoom.',
  },
  {
    kind: 'phone',
    brand: 'Apple',
    body: '#334155',
    productname: 'Apple iPhone 13',
    price: 499,
    stockquantity: 3,
    ram: ['4GB'],
    rom: ['128GB'],
    color: 'Midnight, Starlight',
    availability: 'In Stock',
    warranty: '12 months',
    discount: NHS,
    description: 'Still a brilliant phone: the A15 Bionic chip, a dual camera and all-day battery life.',
  },
  {
    kind: 'phone',
    brand: 'Apple',
    body: '#7c6f64',
    productname: 'Apple iPhone 15 Pro',
    price: 999,
    stockquantity: 3,
    ram: ['8GB'],
    rom: ['128GB', '256GB', '512GB', '1TB'],
    color: 'Natural Titanium, Black Titanium',
    availability: 'In Stock',
    warranty: '2 years',
    discount: '',
    description: 'Titanium design, the A17 Pro chip, a 48MP main camera and a customisable Action button.',
  },
  {
    kind: 'phone',
    brand: 'Apple',
    body: '#bfdbfe',
    productname: 'Apple iPhone 15',
    price: 699,
    stockquantity: 10,
    ram: ['6GB'],
    rom: ['128GB', '256GB'],
    color: 'Black, Blue, Pink',
    availability: 'In Stock',
    warranty: '2 years',
    discount: NHS,
    description: 'Dynamic Island, a 48MP camera and USB-C charging in a colour-infused glass design.',
  },
  {
    kind: 'accessory',
    category: 'Chargers',
    art: 'cable',
    shade: '#1f2937',
    productname: 'Braided USB-C Cable 2m',
    price: 12.99,
    stockquantity: 40,
    color: 'Black, White',
    availability: 'In Stock',
    warranty: '12 months',
    discount: '',
    description: 'A tough braided USB-C to USB-C cable, two metres long, rated for 60W fast charging.',
  },
  {
    kind: 'accessory',
    category: 'Chargers',
    art: 'charger',
    shade: '#f9fafb',
    productname: 'Fast Charger 25W USB-C',
    price: 19.99,
    stockquantity: 25,
    color: 'White',
    availability: 'In Stock',
    warranty: '12 months',
    discount: '',
    description: 'A compact UK three-pin wall charger with 25W USB-C Power Delivery for phones and earbuds.',
  },
  {
    kind: 'accessory',
    category: 'Screen Protectors',
    art: 'protector',
    shade: '#0ea5e9',
    productname: 'Tempered Glass Screen Protector (2 pack)',
    price: 9.99,
    stockquantity: 60,
    color: 'Clear',
    availability: 'In Stock',
    warranty: '6 months',
    discount: '',
    description: 'Two 9H tempered glass protectors with an alignment frame; we fit them free in store.',
  },
  {
    kind: 'accessory',
    category: 'Cases',
    art: 'case',
    shade: '#111827',
    productname: 'Rugged Armour Case for Galaxy S24',
    price: 19.99,
    stockquantity: 15,
    color: 'Black',
    availability: 'In Stock',
    warranty: '12 months',
    discount: '',
    description: 'Shock-absorbing corners and a raised lip protect the Galaxy S24 screen and camera.',
  },
  {
    kind: 'accessory',
    category: 'Cases',
    art: 'case',
    shade: '#93c5fd',
    productname: 'Clear MagSafe Case for iPhone 15',
    price: 24.99,
    stockquantity: 18,
    color: 'Clear',
    availability: 'In Stock',
    warranty: '12 months',
    discount: '',
    description: 'A slim, crystal-clear case with built-in magnets for MagSafe chargers and wallets.',
  },
  {
    kind: 'accessory',
    category: 'Headphones',
    art: 'headphones',
    shade: '#374151',
    productname: 'Wireless Earbuds Pro',
    price: 59.99,
    stockquantity: 1,
    color: 'White, Black',
    availability: 'Out of Stock',
    warranty: '12 months',
    discount: '',
    description: 'Active noise cancelling earbuds with 30 hours of battery in the case and USB-C charging.',
  },
];

export interface DemoRepair {
  productname: string;
  brand: DemoBrand;
  prices: Partial<Record<(typeof DEMO_REPAIR_CATEGORIES)[number], number>>;
}

export const DEMO_REPAIRS: DemoRepair[] = [
  { productname: 'Nokia G22', brand: 'Nokia', prices: { Screen: 59, Battery: 39 } },
  { productname: 'Redmi Note 12', brand: 'Xiaomi', prices: { Screen: 79, Battery: 45, 'Charging Port': 39 } },
  { productname: 'Oppo Reno10', brand: 'Oppo', prices: { Screen: 109, Battery: 55, 'Charging Port': 45 } },
  { productname: 'Google Pixel 7a', brand: 'Google', prices: { Screen: 119, Battery: 59 } },
  { productname: 'Google Pixel 8', brand: 'Google', prices: { Screen: 179, Battery: 79, Camera: 119 } },
  { productname: 'Samsung Galaxy A54', brand: 'Samsung', prices: { Screen: 119, Battery: 59, 'Charging Port': 49 } },
  { productname: 'Samsung Galaxy S22', brand: 'Samsung', prices: { Screen: 169, Battery: 69, 'Charging Port': 59 } },
  {
    productname: 'Samsung Galaxy S24',
    brand: 'Samsung',
    prices: { Screen: 229, Battery: 79, 'Charging Port': 69, 'Back Glass': 89 },
  },
  { productname: 'Apple iPhone 11', brand: 'Apple', prices: { Screen: 79, Battery: 49, 'Charging Port': 49 } },
  {
    productname: 'Apple iPhone 13',
    brand: 'Apple',
    prices: { Screen: 129, Battery: 69, 'Charging Port': 59, 'Back Glass': 89, Camera: 99 },
  },
  {
    productname: 'Apple iPhone 15',
    brand: 'Apple',
    prices: { Screen: 219, Battery: 89, 'Charging Port': 79, 'Back Glass': 119 },
  },
  { productname: 'Apple iPhone 15 Pro', brand: 'Apple', prices: { Screen: 299, Battery: 99, 'Back Glass': 149, Camera: 179 } },
];
