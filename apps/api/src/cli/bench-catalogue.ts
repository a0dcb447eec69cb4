import { isAccessoriesModel, type Availability } from '@shop/shared';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { brandLogo, createRenderer } from '../demo/artwork.ts';
import { seedDemo } from '../demo/seed.ts';
import { ACCESSORY_CATEGORIES, REPAIR_CATEGORIES, createCategoriesService } from '../modules/categories/categories.service.ts';
import { imagesByOwner } from '../modules/media/media.service.ts';
import { createModelsService, ensureAccessoriesModel } from '../modules/models/models.service.ts';
import { createPhoneRepairsService, type TrustedPhone } from '../modules/phone-repairs/phone-repairs.service.ts';
import { createProductsService, type TrustedProduct } from '../modules/products/products.service.ts';

/** Products per transaction: big enough to be fast, small enough to keep each transaction short. */
const TRANSACTION = 5000;
const COLOURS = ['Black', 'White', 'Blue', 'Green', 'Purple', 'Red', 'Silver', 'Gold'];
const STORAGE = ['64GB', '128GB', '256GB', '512GB'];
const MEMORY = ['4GB', '6GB', '8GB', '12GB'];

/** Phone models per transaction. */
const PHONES_PER_TRANSACTION = 2000;
/**
 * The generated phone models' brands and how each names its phones, so that names read (and are searched) like
 * real ones. A shop with thousands of repair models repairs many brands: the demo brands keep only their own
 * phones, so their repair tables stay the size the bench has always measured.
 */
const PHONE_BRANDS: Record<string, string[]> = {
  Honor: ['Magic ', 'X'],
  Huawei: ['P', 'Mate ', 'Nova '],
  Motorola: ['Moto G', 'Edge '],
  OnePlus: ['', 'Nord '],
  Sony: ['Xperia '],
  Vivo: ['V', 'Y'],
  Realme: ['', 'GT '],
  Poco: ['F', 'X'],
  Asus: ['Zenfone ', 'ROG Phone '],
  Nothing: ['Phone '],
  Fairphone: [''],
  Alcatel: ['', 'Pixi '],
  TCL: [''],
  ZTE: ['Blade A', 'Axon '],
  Doro: [''],
  Blackview: ['BV', 'A'],
  Ulefone: ['Armor '],
  Tecno: ['Spark ', 'Camon '],
  Infinix: ['Hot ', 'Note '],
  Meizu: [''],
  HTC: ['U', 'Desire '],
  Wiko: ['View ', 'Y'],
  Kyocera: ['DuraForce '],
  Cat: ['S'],
};

/** A small deterministic generator, so every run builds the same catalogue. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * npm run bench's catalogue: adds generated products until the shop holds `--total` of them, in batched
 * transactions, every product showing the images of the shop's newest product (their bytes stored once), then
 * generated phone models of other brands, with two to four repair prices each, until it holds `--phones` of them.
 * The demo catalogue is loaded first when the shop has no product to borrow images from.
 */
async function main(): Promise<void> {
  const total = Number(argument('total'));
  const phoneTotal = Number(argument('phones') ?? 0);
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(phoneTotal) || phoneTotal < 0) {
    throw new Error('Usage: bench-catalogue --total <number of products> [--phones <number of phone models>]');
  }
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await ensureAccessoriesModel(db.db);
    const models = createModelsService(db.db);
    const categories = createCategoriesService(db.db, ACCESSORY_CATEGORIES);
    const products = createProductsService(db.db, { models, categories });
    if ((await products.count()) === 0) await seedDemo(db.db);

    const newest = (await products.list({ page: 1, limit: 1, sort: 'newest' })).fetchProducts[0];
    const images = newest ? (await imagesByOwner(db.db, 'product', [newest._id])).get(newest._id) : undefined;
    if (!images?.length) throw new Error('The newest product has no images to share');
    const active = await models.listActive();
    const brands = active.filter((m) => !isAccessoriesModel(m.model));
    const accessories = active.find((m) => isAccessoriesModel(m.model));
    const accessoryCategories = await categories.listActive();
    if (brands.length === 0 || !accessories) throw new Error('The shop needs at least one brand');

    const existing = await products.count();
    const missing = total - existing;
    const started = performance.now();
    const next = random(total);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    for (let done = 0; done < missing; done += TRANSACTION) {
      const batch: TrustedProduct[] = [];
      for (let i = done; i < Math.min(missing, done + TRANSACTION); i++) {
        const n = existing + i + 1;
        const accessory = accessoryCategories.length > 0 && next() < 0.1;
        const brand = pick(brands);
        const colour = pick(COLOURS);
        batch.push({
          productname: accessory ? `Accessory ${n} ${colour}` : `${brand.model} Phone ${n} ${pick(STORAGE)}`,
          price: Math.round((20 + next() * 1480) * 100) / 100,
          stockquantity: Math.floor(next() * 50),
          description: `Generated product ${n} for the benchmark: a ${colour.toLowerCase()} ${accessory ? 'accessory' : 'smartphone'} with a one-year warranty.`,
          modelId: accessory ? accessories._id : brand._id,
          categoryId: accessory ? pick(accessoryCategories)._id : null,
          accessory,
          availability: (next() < 0.85 ? 'In Stock' : 'Out of Stock') as Availability,
          warranty: '1 year',
          discount: '',
          color: colour,
          ram: accessory ? [] : [pick(MEMORY)],
          rom: accessory ? [] : [pick(STORAGE)],
          createdAt: new Date(base + n * 1000).toISOString(),
          images,
        });
      }
      await products.importTrusted(batch);
    }
    const seconds = (performance.now() - started) / 1000;

    const repairs = createPhoneRepairsService(db.db, {
      models,
      repairCategories: createCategoriesService(db.db, REPAIR_CATEGORIES),
    });
    const repairCategories = await createCategoriesService(db.db, REPAIR_CATEGORIES).listActive();
    const phonesMissing = phoneTotal - (await repairs.phoneCount());
    const phonesStarted = performance.now();
    const phoneBrands: { _id: string; model: string }[] = [];
    if (phonesMissing > 0) {
      const render = createRenderer();
      for (const name of Object.keys(PHONE_BRANDS)) {
        const found = (await models.resolve(name)).find((m) => m.active);
        phoneBrands.push(found ?? (await models.create({ model: name }, await render(brandLogo(name[0]!, '#475569')), null)).model);
      }
    }
    const counters = new Map<string, number>();
    for (let done = 0; done < phonesMissing; done += PHONES_PER_TRANSACTION) {
      const batch: TrustedPhone[] = [];
      for (let i = done; i < Math.min(phonesMissing, done + PHONES_PER_TRANSACTION); i++) {
        const brand = pick(phoneBrands);
        const series = pick(PHONE_BRANDS[brand.model]!);
        const n = (counters.get(brand.model + series) ?? 0) + 1;
        counters.set(brand.model + series, n);
        const kinds = [...repairCategories].sort(() => next() - 0.5).slice(0, 2 + Math.floor(next() * 3));
        batch.push({
          brand,
          name: `${brand.model} ${series}${n}`,
          prices: kinds.map((c) => ({ repairId: c._id, price: Math.round(29 + next() * 270) })),
        });
      }
      await repairs.importTrusted(batch);
    }
    const phoneSeconds = (performance.now() - phonesStarted) / 1000;
    // As an operator would after a bulk import: PostgreSQL's statistics brought up to date and its dead rows cleared
    // now, rather than by autovacuum on the same two cores in the middle of the measurements.
    if (db.dialect === 'postgres' && (missing > 0 || phonesMissing > 0)) await sql`vacuum analyze`.execute(db.db);
    process.stdout.write(
      `${Math.max(missing, 0)} products added in ${seconds.toFixed(1)} s; the shop holds ${await products.count()} products.\n` +
        `${Math.max(phonesMissing, 0)} phone models added in ${phoneSeconds.toFixed(1)} s; the shop holds ${await repairs.phoneCount()} phone models.\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
