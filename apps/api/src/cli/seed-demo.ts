import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { addedNothing, seedDemo } from '../demo/seed.ts';
import { ensureAccessoriesModel } from '../modules/models/models.service.ts';

/** npm run seed-demo: loads the demo catalogue, adding only what is missing. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await ensureAccessoriesModel(db.db);
    const outcome = await seedDemo(db.db);
    if (addedNothing(outcome)) {
      process.stdout.write('The demo catalogue is already loaded; nothing was added.\n');
      return;
    }
    process.stdout.write(
      `Demo catalogue loaded: ${outcome.models} brands, ${outcome.categories} accessory categories, ` +
        `${outcome.repairCategories} repair categories, ${outcome.products} products, ${outcome.repairs} repair prices, ` +
        `${outcome.shopSettings} shop settings record, ${outcome.posts} blog posts.\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
