import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';

const USAGE = 'Usage: npm run create-admin -- --email E --password P [--name N] [--promote]';
const DONE = { created: 'created', promoted: 'promoted and password set', 'password set': 'password set', unchanged: 'already has this password' };

/**
 * npm run create-admin -- --email E --password P [--name N] [--promote]: creates an admin, or sets an admin's
 * password; an existing customer account becomes an admin only with --promote. Either change ends the account's
 * sessions.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, promote: { type: 'boolean' } },
  });
  const args = z
    .object({
      email: z.email({ error: '--email must be an email address' }),
      password: z.string({ error: '--password is required' }).min(8, { error: '--password must be at least 8 characters' }).max(128),
      name: z.string().trim().min(1).max(100).default('Admin'),
      promote: z.boolean().default(false),
    })
    .safeParse(values);
  if (!args.success) {
    process.stderr.write(`${args.error.issues.map((i) => i.message).join('\n')}\n${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDb(config);
  try {
    const { email, password, name, promote } = args.data;
    const outcome = await createAuthService(db.db).upsertAdmin(email, password, name, { promote });
    process.stdout.write(`Admin ${email.toLowerCase()} ${DONE[outcome]}.\n`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
