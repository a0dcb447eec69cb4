// npm run bench: starts the built shop as npm start does (on a fresh SQLite file, and on a fresh PostgreSQL
// database when DATABASE_URL or TEST_DATABASE_URL is set), loads a generated catalogue in bulk, measures it with
// autocannon over loopback and prints requests per second, p50, p99 and the targets of issue 6 as ratios.
//   --only sqlite|postgres   one database only
//   --duration <s>           seconds per measured case (default 8; the mixed load always runs 30 s)
//   --cpu-prof               write V8 CPU profiles of the server to .reports/bench-profiles/
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/api/dist');
const args = process.argv.slice(2);
const option = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const DURATION = Number(option('duration') ?? 8);
const WARMUP = 2;
const CONNECTIONS = 50;
const MIXED = { duration: 30, connections: 200 };
const SIZES = [1_000, 100_000];
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const profileDir = path.join(root, '.reports/bench-profiles');

const pgUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = option('only');
const dialects = ['sqlite', ...(pgUrl ? ['postgres'] : [])].filter((d) => !only || d === only);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function run(file, argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dist, file), ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${file} failed:\n${out}`))));
  });
}

async function startServer(env, port, log) {
  const flags = args.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...flags, '--enable-source-maps', path.join(dist, 'bench-server.js')], {
    env,
    stdio: ['ignore', fs.openSync(log, 'a'), fs.openSync(log, 'a')],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the bench server did not start; see ${log}:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function json(base, url, init = {}) {
  const res = await fetch(`${base}${url}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Autocannon against one target: a short warm-up, then the measured run. */
async function measure(base, target, { duration = DURATION, connections = CONNECTIONS, requests } = {}) {
  const common = {
    url: base,
    connections,
    ...(requests ? { requests } : { requests: [target] }),
  };
  await autocannon({ ...common, duration: WARMUP });
  const r = await autocannon({ ...common, duration });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.throughput.average / Math.max(r.requests.average, 1),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

async function benchDialect(dialect) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const log = path.join(tmp, 'server.log');
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: '1',
  };
  delete env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const name = `shop_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  const rows = [];
  const notes = [];
  let server;
  try {
    server = await startServer(env, port, log);
    const { base } = server;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie.startsWith('sid=')) throw new Error(`admin sign-in failed: ${login.status}`);

    const models = (await json(base, '/api/model/getall')).fetchModel;
    const brand = models.find((m) => m.model.toLowerCase() !== 'accessories');
    const listing = `/api/product/getall?page=1&limit=10&sort=price_asc&type=smartphone&model=${encodeURIComponent(brand.model)}`;
    const results = {};

    for (const size of SIZES) {
      const loaded = await run('bench-catalogue.js', ['--total', String(size)], env);
      notes.push(loaded);
      // The server keeps public answers for up to a second (plugins/etag.ts): let what it kept expire.
      await new Promise((r) => setTimeout(r, 1500));
      const k = size === 1_000 ? '1k' : '100k';
      const page = await json(base, listing);
      const primed = await json(base, `/__bench/baseline?url=${encodeURIComponent(listing)}`, { method: 'PUT' });
      results[`baseline ${k}`] = await measure(base, { method: 'GET', path: '/__bench/baseline' });
      results[`listing ${k}`] = await measure(base, { method: 'GET', path: listing });
      notes.push(`listing at ${k}: ${primed.bytes} bytes, ${page.total} products of ${brand.model}, ${page.fetchProducts.length} on the page`);
      if (size !== SIZES[SIZES.length - 1]) continue;

      const product = page.fetchProducts[0];
      const repairs = (await json(base, `/api/phonerepair/getall?model=${brand._id}&limit=5`)).fetchPhoneRepair;
      const repairCategories = (await json(base, '/api/repaircategory/getall')).fetchCategory;
      const group = { method: 'POST', path: '/api/phonerepair/getgroupdata', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: brand._id }) };
      const media = product.images[0].secure_url;
      results['product by id'] = await measure(base, { method: 'GET', path: `/api/product/getbyid/${product._id}` });
      results['repair table'] = await measure(base, group);
      results['home page HTML'] = await measure(base, { method: 'GET', path: '/shop/home' });
      results['/media image'] = await measure(base, { method: 'GET', path: media });

      const admin = { cookie, 'content-type': 'application/json' };
      const reads = [
        { method: 'GET', path: listing },
        { method: 'GET', path: listing.replace('page=1', 'page=2') },
        { method: 'GET', path: `/api/product/getbyid/${product._id}` },
        group,
        { method: 'GET', path: '/shop/home' },
        { method: 'GET', path: media },
        { method: 'GET', path: '/api/model/getall' },
        { method: 'GET', path: `/api/product/getall?page=1&limit=10&sort=newest` },
      ];
      const writes = [
        {
          method: 'PUT',
          path: `/api/phonerepair/update/${repairs[0]._id}`,
          headers: admin,
          body: JSON.stringify({ productname: 'Screen repair', model: brand._id, repair: repairCategories[0]._id, price: 89 }),
        },
        {
          method: 'POST',
          path: '/api/phonerepair/create',
          headers: admin,
          body: JSON.stringify({ productname: 'Bench repair', model: brand._id, repair: repairCategories[0]._id, price: 49 }),
        },
      ];
      results['mixed load (10% writes)'] = await measure(base, null, {
        duration: MIXED.duration,
        connections: MIXED.connections,
        requests: [...reads, writes[0], ...reads, writes[1]],
      });
    }
    return { dialect, results, notes };
  } catch (err) {
    if (fs.existsSync(log)) process.stderr.write(fs.readFileSync(log, 'utf8').slice(-3000));
    throw err;
  } finally {
    if (server) await stopServer(server.child);
    await dropDatabase();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const fmt = (n, digits = 0) => n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pad = (s, n) => String(s).padEnd(n);
const padL = (s, n) => String(s).padStart(n);

function print({ dialect, results, notes }) {
  const out = [];
  out.push(`\n## ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n`);
  for (const n of notes) out.push(`- ${n}`);
  out.push('');
  out.push(`| case | connections | requests/s | p50 ms | p99 ms | errors | non-2xx |`);
  out.push(`|---|--:|--:|--:|--:|--:|--:|`);
  for (const [name, r] of Object.entries(results)) {
    const c = name.startsWith('mixed') ? MIXED.connections : CONNECTIONS;
    out.push(`| ${name} | ${c} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} | ${r.non2xx} |`);
  }
  const ratio = (a, b) => results[a].rps / results[b].rps;
  const singles = ['listing 100k', 'product by id', 'repair table', 'home page HTML', '/media image'];
  const worstP99 = Math.max(...singles.map((s) => results[s].p99));
  const mixed = results['mixed load (10% writes)'];
  const targets = [
    ['listing 1k / baseline 1k', ratio('listing 1k', 'baseline 1k'), 0.5],
    ['listing 100k / baseline 100k', ratio('listing 100k', 'baseline 100k'), 0.5],
    ['product by id / baseline 100k', ratio('product by id', 'baseline 100k'), 0.75],
    ['repair table / baseline 100k', ratio('repair table', 'baseline 100k'), 0.75],
    ['listing 100k / listing 1k', ratio('listing 100k', 'listing 1k'), 0.8],
  ];
  out.push('');
  out.push(`| target | measured | required | met |`);
  out.push(`|---|--:|--:|:-:|`);
  for (const [name, value, min] of targets) out.push(`| ${name} | ${fmt(value * 100)}% | ≥ ${fmt(min * 100)}% | ${value >= min ? 'yes' : 'NO'} |`);
  out.push(`| worst p99 at ${CONNECTIONS} connections (${singles.join(', ')}) | ${fmt(worstP99, 1)} ms | ≤ 50 ms | ${worstP99 <= 50 ? 'yes' : 'NO'} |`);
  out.push(`| mixed load errors + non-2xx | ${mixed.errors + mixed.non2xx} of ${fmt(mixed.total)} | 0 | ${mixed.errors + mixed.non2xx === 0 ? 'yes' : 'NO'} |`);
  process.stdout.write(`${out.join('\n')}\n`);
}

buildIfStale();
if (args.includes('--cpu-prof')) fs.mkdirSync(profileDir, { recursive: true });
process.stdout.write(
  `# npm run bench, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()})\n` +
    `Each case: ${WARMUP} s warm-up, then ${DURATION} s at ${CONNECTIONS} connections over loopback; mixed load ${MIXED.duration} s at ${MIXED.connections}.\n`,
);
if (!pgUrl) process.stdout.write('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.\n');
for (const d of dialects) print(await benchDialect(d));
