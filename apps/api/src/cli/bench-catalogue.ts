import { isAccessoriesModel, type Availability } from '@shop/shared';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { seedDemo } from '../demo/seed.ts';
import { ACCESSORY_CATEGORIES, createCategoriesService } from '../modules/categories/categories.service.ts';
import { imagesByOwner } from '../modules/media/media.service.ts';
import { createModelsService, ensureAccessoriesModel } from '../modules/models/models.service.ts';
import { createProductsService, type TrustedProduct } from '../modules/products/products.service.ts';

/** Products per transaction: big enough to be fast, small enough to keep each transaction short. */
const TRANSACTION = 5000;
const COLOURS = ['Black', 'White', 'Blue', 'Green', 'Purple', 'Red', 'Silver', 'Gold'];
const STORAGE = ['64GB', '128GB', '256GB', '512GB'];
const MEMORY = ['4GB', '6GB', '8GB', '12GB'];

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
 * transactions, every product showing the images of the shop's newest product (their bytes stored once).
 * The demo catalogue is loaded first when the shop has no product to borrow images from.
 */
async function main(): Promise<void> {
  const total = Number(argument('total'));
  if (!Number.isInteger(total) || total < 1) throw new Error('Usage: bench-catalogue --total <number of products>');
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
    // As an operator would after a bulk import: PostgreSQL's statistics brought up to date and its dead rows cleared
    // now, rather than by autovacuum on the same two cores in the middle of the measurements.
    if (db.dialect === 'postgres' && missing > 0) await sql`vacuum analyze`.execute(db.db);
    process.stdout.write(
      `${Math.max(missing, 0)} products added in ${seconds.toFixed(1)} s; the shop holds ${await products.count()} products.\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
