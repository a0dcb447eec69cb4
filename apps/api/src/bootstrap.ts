import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { seedDemo, shopIsEmpty } from './demo/seed.ts';
import { createAuthService, CustomerAccountError } from './modules/auth/auth.service.ts';
import { ensureAccessoriesModel } from './modules/models/models.service.ts';

/**
 * What every start does after migrating: the Accessories model, the demo catalogue on an empty shop
 * (unless SEED_DEMO=0), the configured admin, a first admin on an empty shop.
 */
export async function bootstrap(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: { quiet?: boolean } = {},
): Promise<void> {
  await ensureAccessoriesModel(db.db);
  if (config.seedDemo && (await shopIsEmpty(db.db))) {
    // A shop that cannot load its demo (say, another process loading it at the same moment) still starts.
    try {
      await seedDemo(db.db);
      log.info('demo catalogue loaded on an empty shop (set SEED_DEMO=0 to start empty)');
    } catch (err) {
      log.warn({ err }, 'demo catalogue not loaded');
    }
  }
  const auth = createAuthService(db.db);
  if (config.admin) {
    // A customer's account is never made an admin by the environment (its sessions would become admin sessions).
    // The shop starts all the same, saying how to promote it: anyone may sign up with the address once its admin is
    // deleted or demoted in the console, and that must not keep the shop from starting.
    try {
      const outcome = await auth.upsertAdmin(config.admin.email, config.admin.password, 'Admin');
      log.info({ email: config.admin.email }, `admin from ADMIN_EMAIL: ${outcome}`);
    } catch (err) {
      if (!(err instanceof CustomerAccountError)) throw err;
      log.error(`ADMIN_EMAIL not applied: ${err.message}`);
    }
    return;
  }
  if (options.quiet) return;
  const first = await auth.createFirstAdminIfNoUsers();
  if (first) {
    // Printed once, on the first start of an empty shop, so the owner can sign in.
    process.stdout.write(
      `\n  First start: an admin account was created.\n    email:    ${first.email}\n    password: ${first.password}\n  Sign in at /auth/login and keep these safe; this is the only time the password is shown.\n\n`,
    );
  }
}
