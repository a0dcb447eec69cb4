import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { ensureAccessoriesModel } from './modules/models/models.service.ts';

/** What every start does after migrating: the Accessories model, the configured admin, a first admin on an empty shop. */
export async function bootstrap(config: Config, db: Db, log: FastifyBaseLogger, options: { quiet?: boolean } = {}): Promise<void> {
  await ensureAccessoriesModel(db.db);
  const auth = createAuthService(db.db);
  await auth.purgeExpired();
  if (config.admin) {
    const outcome = await auth.upsertAdmin(config.admin.email, config.admin.password, 'Admin');
    log.info({ email: config.admin.email }, `admin from ADMIN_EMAIL ${outcome}`);
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
