import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { bootstrap } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * npm run bench's server: the shop exactly as server.ts builds it, plus one route the production server never
 * has. PUT /__bench/baseline records the bytes sent to it (the listing's answer, as the bench fetched it over HTTP)
 * and their content type (x-baseline-type); GET /__bench/baseline answers those bytes from memory, the ceiling for
 * that payload on this server; GET /__bench/loop says how long the event loop was held up at most since the last call.
 * With BENCH_READ_CACHE=off it keeps no read.
 * The bytes come from outside: `app.inject` here would slow every later answer of this
 * process (docs/decisions/0017-in-process-reads.md).
 */
async function main(): Promise<void> {
  // As server.ts: React renders the shop's pages with its production build.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
  const db = await openDb(config);
  const app = await buildApp({ config, db });
  // BENCH_READ_CACHE=off: the read cache keeps nothing, so every read is answered from the database, as the first
  // after a write is (npm run bench's cold reads).
  if (process.env.BENCH_READ_CACHE === 'off')
    Object.assign(app.readCache, { get: () => undefined, inFlight: () => undefined, set: () => {} });
  let baseline: Buffer = Buffer.from('{}');
  let baselineType = 'application/json; charset=utf-8';
  app.put<{ Body: string }>('/__bench/baseline', async (request) => {
    baseline = Buffer.from(request.body);
    baselineType = String(request.headers['x-baseline-type'] ?? baselineType);
    return { success: true, bytes: baseline.length };
  });
  app.get('/__bench/baseline', (_request, reply) => {
    reply.type(baselineType).send(baseline);
  });
  // The longest the event loop was held up since the last call: a synchronous SQLite commit waiting on a slow
  // disk shows here, where the client only sees requests that go unanswered.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  app.get('/__bench/loop', async () => {
    const longestMs = loop.max / 1e6;
    loop.reset();
    return { success: true, longestMs };
  });
  await bootstrap(config, db, app.log);
  await app.listen({ port: config.port, host: config.host });
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
