import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { startMaintenance } from './maintenance.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** After SIGTERM, how long readiness says 503 while requests are still served, before the server closes. */
const DRAIN_MS = 1500;

async function main(): Promise<void> {
  // A production server unless told otherwise: React renders the shop's pages with its production build.
  process.env.NODE_ENV ??= 'production';
  let config;
  try {
    config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const db = await openDb(config);
  const app = await buildApp({ config, db });
  await bootstrap(config, db, app.log);
  await app.listen({ port: config.port, host: config.host });
  const stopMaintenance = startMaintenance(db, config, app.log);
  // Mail to the shop (SMTP_URL): the outbox is sent in the background, and what is left from before a restart goes now.
  const stopMail = app.mailer?.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness turns 503 first, so a load balancer stops sending new visitors; then the server stops
    // accepting and lets in-flight requests finish.
    app.closing = true;
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 9000);
    force.unref();
    try {
      stopMaintenance();
      await stopMail?.();
      if (signal === 'SIGTERM') await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
