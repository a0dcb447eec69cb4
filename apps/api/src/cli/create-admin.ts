import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';

/** npm run create-admin -- --email E --password P [--name N]: creates an admin, or promotes the account with that email. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const args = z
    .object({
      email: z.email({ error: '--email must be an email address' }),
      password: z.string({ error: '--password is required' }).min(8, { error: '--password must be at least 8 characters' }).max(128),
      name: z.string().trim().min(1).max(100).default('Admin'),
    })
    .safeParse(values);
  if (!args.success) {
    process.stderr.write(`${args.error.issues.map((i) => i.message).join('\n')}\nUsage: npm run create-admin -- --email E --password P [--name N]\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDb(config);
  try {
    const outcome = await createAuthService(db.db).upsertAdmin(args.data.email, args.data.password, args.data.name);
    process.stdout.write(`Admin ${args.data.email.toLowerCase()} ${outcome === 'created' ? 'created' : 'promoted and password set'}.\n`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
