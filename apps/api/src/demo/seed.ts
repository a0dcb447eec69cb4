import { appDetailSchema, blogPostSchema, phoneRepairSchema, productSchema, shopPath, SHOP_PAGES } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { parse } from '../lib/validate.ts';
import { createAppDetailsService } from '../modules/app-details/app-details.service.ts';
import { createBlogService } from '../modules/blog/blog.service.ts';
import { ACCESSORY_CATEGORIES, REPAIR_CATEGORIES, createCategoriesService } from '../modules/categories/categories.service.ts';
import { createModelsService } from '../modules/models/models.service.ts';
import { createPhoneRepairsService, repairMessages } from '../modules/phone-repairs/phone-repairs.service.ts';
import { createProductsService } from '../modules/products/products.service.ts';
import { accessory, blogCover, brandLogo, createRenderer, phoneBack, phoneFront, shopLogo } from './artwork.ts';
import { DEMO_POSTS } from './blog.ts';
import { DEMO_BRANDS, DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_REPAIR_CATEGORIES, DEMO_REPAIRS, DEMO_SHOP, demoHours } from './catalogue.ts';

export interface SeedOutcome {
  models: number;
  categories: number;
  repairCategories: number;
  products: number;
  repairs: number;
  shopSettings: number;
  posts: number;
}

export const addedNothing = (o: SeedOutcome) => Object.values(o).every((n) => n === 0);

/** The demo catalogue is nobody's change: it writes no history entries, and its posts have no author. */
const DEMO = null;

function services(db: Kysely<Database>) {
  const models = createModelsService(db);
  const categories = createCategoriesService(db, ACCESSORY_CATEGORIES);
  const repairCategories = createCategoriesService(db, REPAIR_CATEGORIES);
  return {
    models,
    categories,
    repairCategories,
    products: createProductsService(db, { models, categories }),
    repairs: createPhoneRepairsService(db, { models, repairCategories }),
    appDetails: createAppDetailsService(db),
    blog: createBlogService(db),
  };
}

/** True when the shop holds nothing of its own yet: no brands but Accessories, no products, repairs, settings or posts. */
export async function shopIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const s = services(db);
  return (
    (await s.products.count()) === 0 &&
    ((await s.repairs.list({ limit: 1 })).total ?? 0) === 0 &&
    (await s.appDetails.list()).length === 0 &&
    (await s.models.listActive()).length <= 1 &&
    ((await s.blog.list({ all: true, limit: 1 })).total ?? 0) === 0
  );
}

/**
 * Loads the demo catalogue through the same schemas and services the API uses, adding only what is missing
 * (matched by name), so running it twice adds nothing the second time.
 */
export async function seedDemo(db: Kysely<Database>): Promise<SeedOutcome> {
  const s = services(db);
  const render = createRenderer();
  const outcome: SeedOutcome = {
    models: 0,
    categories: 0,
    repairCategories: 0,
    products: 0,
    repairs: 0,
    shopSettings: 0,
    posts: 0,
  };

  const modelIds = new Map<string, string>();
  for (const brand of DEMO_BRANDS) {
    const found = (await s.models.resolve(brand.model)).find((m) => m.active);
    if (found) {
      modelIds.set(brand.model, found._id);
      continue;
    }
    const { model } = await s.models.create({ model: brand.model }, await render(brandLogo(brand.letter, brand.colour)), DEMO);
    modelIds.set(brand.model, model._id);
    outcome.models++;
  }
  const accessoriesId = (await s.models.listActive()).find((m) => m.model === 'Accessories')!._id;

  const categoryIds = new Map<string, string>();
  for (const name of DEMO_CATEGORIES) {
    const found = (await s.categories.resolve(name)).find((c) => c.active);
    if (found) categoryIds.set(name, found._id);
    else {
      categoryIds.set(name, (await s.categories.create(name, DEMO)).record._id);
      outcome.categories++;
    }
  }

  const repairIds = new Map<string, string>();
  for (const name of DEMO_REPAIR_CATEGORIES) {
    const found = (await s.repairCategories.resolve(name)).find((c) => c.active);
    if (found) repairIds.set(name, found._id);
    else {
      repairIds.set(name, (await s.repairCategories.create(name, DEMO)).record._id);
      outcome.repairCategories++;
    }
  }

  for (const p of DEMO_PRODUCTS) {
    const existing = await s.products.list({ q: p.productname.toLowerCase(), limit: 100 });
    if (existing.fetchProducts.some((e) => e.productname === p.productname)) continue;
    const common = {
      productname: p.productname,
      price: p.price,
      stockquantity: p.stockquantity,
      description: p.description,
      availability: p.availability,
      warranty: p.warranty,
      discount: p.discount,
      color: p.color,
    };
    if (p.kind === 'phone') {
      const brand = DEMO_BRANDS.find((b) => b.model === p.brand)!;
      const pictures = [
        await render(phoneBack(p.body, brand.letter, brand.tint)),
        await render(phoneFront(brand.colour, brand.tint)),
      ];
      await s.products.create(
        parse(productSchema, { ...common, model: modelIds.get(p.brand), ram: p.ram, rom: p.rom }),
        pictures,
        DEMO,
      );
    } else {
      const pictures = [await render(accessory(p.art, p.shade, '#f1f5f9')), await render(accessory(p.art, p.shade, '#fef3c7'))];
      await s.products.create(
        parse(productSchema, { ...common, model: accessoriesId, category: categoryIds.get(p.category) }),
        pictures,
        DEMO,
      );
    }
    outcome.products++;
  }

  for (const brand of DEMO_BRANDS) {
    const modelId = modelIds.get(brand.model)!;
    for (const entry of DEMO_REPAIRS.filter((r) => r.brand === brand.model)) {
      for (const [repair, price] of Object.entries(entry.prices)) {
        const input = parse(phoneRepairSchema, {
          productname: entry.productname,
          model: modelId,
          repair: repairIds.get(repair)!,
          price,
        });
        // A phone that has a price for this repair (the demo's, under any spelling of its name) keeps it.
        const created = await s.repairs.create(input, DEMO).catch((err: unknown) => {
          if (err instanceof AppError && err.message === repairMessages.alreadyPriced) return undefined;
          throw err;
        });
        if (created) outcome.repairs++;
      }
    }
  }

  if ((await s.appDetails.list()).length === 0) {
    await s.appDetails.create(parse(appDetailSchema, { ...DEMO_SHOP, hours: demoHours() }), await render(shopLogo()), DEMO);
    outcome.shopSettings++;
  }

  // Matched by slug; written by the shop itself (no author account), the oldest first.
  const slugs = new Set((await s.blog.list({ all: true })).fetchBlog.map((p) => p.slug));
  const productPath = async (name: string) => {
    const found = (await s.products.list({ q: name.toLowerCase(), limit: 100 })).fetchProducts.find(
      (p) => p.productname === name,
    );
    return found ? shopPath('product', { id: found._id }) : SHOP_PAGES.listing;
  };
  for (const post of DEMO_POSTS) {
    if (slugs.has(post.slug)) continue;
    const named: string[] = [];
    post.body({ repairs: () => '', product: (name) => (named.push(name), '') });
    const products = new Map<string, string>();
    for (const name of named) products.set(name, await productPath(name));
    const body = post.body({
      repairs: (brand) => shopPath('repairTable', { id: modelIds.get(brand)! }),
      product: (name) => products.get(name)!,
    });
    const publishedAt = new Date(Date.now() - post.daysAgo * 24 * 60 * 60 * 1000).toISOString();
    await s.blog.create(
      parse(blogPostSchema, { ...post, body, status: 'published', publishedAt }),
      await render(blogCover(post.cover)),
      DEMO,
    );
    outcome.posts++;
  }
  return outcome;
}
