// npm run bench: starts the built shop as npm start does (on a fresh SQLite file, and on a fresh PostgreSQL
// database when DATABASE_URL or TEST_DATABASE_URL is set), loads a generated catalogue in bulk, measures it with
// autocannon over loopback and prints requests per second, p50, p99 and the targets of issues 6, 18 and 22. The
// public reads are compared with two ceilings: a route of the same Fastify process answering the same bytes from
// memory, and a bare node:http process (scripts/bare-server.mjs) answering them with no framework at all; Fastify
// alone answering them with the shop's headers (the same script) shows how much of that the framework keeps.
//   --only sqlite|postgres   one database only
//   --duration <s>           seconds per measurement (default 3, five rounds; the mixed load always runs 30 s)
//   --cpu-prof               write V8 CPU profiles of the server to .reports/bench-profiles/
//   --imports-only           only the CSV imports of 50,000 rows
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/api/dist');
const args = process.argv.slice(2);
const option = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const DURATION = Number(option('duration') ?? 3);
const WARMUP = 2;
/**
 * Every single case is measured once per round, in turn, for this many rounds; medians are reported. On this
 * machine one case's ratio to its baseline moved between 75% and 135% from one round to the next (24 November):
 * five rounds keep one slow second from deciding a median. Each ratio is taken within its round, against the mean
 * of its server's baseline measured just before and just after the cases it is compared with, so that the
 * machine slowing down or speeding up during a round falls on both sides of the ratio alike; the median of the
 * rounds' ratios is reported.
 */
const ROUNDS = 5;
const CONNECTIONS = 50;
const MIXED = { duration: 30, connections: 200 };
/** Products and phone models of the two shops measured side by side. */
const SIZES = [
  { products: 1_000, phones: 100 },
  { products: 100_000, phones: 10_000 },
];
/**
 * The search's query shapes (issue 18), as the header's suggestions ask for them: a phone typed together, words
 * apart, a typo, the brand left out, a word being typed, nonsense and hostile input.
 */
const SEARCHES = [
  'iphone13',
  'pixel8',
  'galaxy s 24',
  'samsng',
  's24',
  'a55',
  'gala',
  'IPHONE 13',
  'redmi note',
  'xqzvbnm',
  '" OR 1=1 --',
];
const searchPath = (q) => `/api/search?q=${encodeURIComponent(q)}&limit=8`;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const profileDir = path.join(root, '.reports/bench-profiles');

const pgUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = option('only');
const dialects = ['sqlite', ...(pgUrl ? ['postgres'] : [])].filter((d) => !only || d === only);

function run(file, argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dist, file), ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${file} failed:\n${out}`))));
  });
}

/** Each server's process by its base URL, for its CPU time. */
const pidOf = new Map();

/**
 * A process's CPU time so far, user and system, every thread, in microseconds (Linux's /proc counts it in ticks of
 * 10 ms); undefined elsewhere. Over a measured run, divided by its requests: what one request cost the server,
 * whatever share of the two cores the load generator took from it.
 */
function cpuMicros(pid) {
  try {
    const [utime, stime] = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13);
    return (Number(utime) + Number(stime)) * 10_000;
  } catch {
    return undefined;
  }
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
      if ((await fetch(`${base}/api/ready`)).ok) {
        pidOf.set(base, child.pid);
        return { child, base };
      }
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

/** Pages are asked for as browsers ask for them, compressed (a rendered page is about 140 KB of HTML). */
const AS_A_BROWSER = { 'accept-encoding': 'br, gzip' };

/** Autocannon against one target: a short warm-up, then the measured run. */
async function measure(base, target, { duration = DURATION, connections = CONNECTIONS, requests, warmup = WARMUP } = {}) {
  const common = {
    url: base,
    connections,
    requests: requests ?? (Array.isArray(target) ? target : [target]),
  };
  await autocannon({ ...common, duration: warmup });
  const before = cpuMicros(pidOf.get(base));
  const r = await autocannon({ ...common, duration });
  const after = cpuMicros(pidOf.get(base));
  return {
    cpu: before === undefined || after === undefined ? undefined : (after - before) / Math.max(r.requests.total, 1),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    bytes: r.throughput.average / Math.max(r.requests.average, 1),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/**
 * Autocannon against one target while another client, in a process of its own, reads the list of every product
 * again and again (132 MB of JSON at 100,000 products, sent a page at a time: docs/decisions/0044-every-record-streamed.md).
 */
async function besideEveryProduct(base, target) {
  const reader = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `let lists = 0;
      process.on('SIGTERM', () => process.stdout.write(String(lists), () => process.exit(0)));
      for (;;) {
        for await (const _ of (await fetch(process.argv[1] + '/api/product/getall')).body);
        lists++;
      }`,
      base,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let lists = '';
  reader.stdout.on('data', (d) => (lists += d));
  const exited = once(reader, 'exit');
  let measured;
  try {
    measured = await measure(base, target, { duration: DURATION * 2 });
  } finally {
    reader.kill('SIGTERM');
    await exited;
  }
  return { ...measured, lists: Number(lists) };
}

/** A fresh database for one server: a temporary SQLite folder, or a new PostgreSQL database. */
async function freshStore(dialect, tmp, name) {
  if (dialect === 'sqlite') return { env: { DATA_DIR: path.join(tmp, name) }, drop: async () => {} };
  const database = `shop_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(tmp, name) },
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    },
  };
}

/** multipart/form-data for a product update that keeps its images (an admin changing a price or the stock). */
function productUpdateBody(product, stock) {
  const boundary = 'benchboundary7MA4YWxkTrZu0gW';
  const fields = [
    ['productname', product.productname],
    ['price', String(product.price)],
    ['stockquantity', String(stock)],
    ['description', product.description],
    ['model', product.model._id],
    ['availability', product.availability],
    ['warranty', product.warranty],
    ['discount', product.discount],
    ['color', product.color],
    ...product.ram.map((v) => ['ram', v]),
    ...product.rom.map((v) => ['rom', v]),
    ...product.images.map((i) => ['keepImages', i.secure_url]),
  ];
  const body =
    fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
    `--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Several measurements of one case merged: the median of each figure, errors summed. */
function mergeRuns(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    cpu: runs.some((r) => r.cpu === undefined) ? undefined : median(runs.map((r) => r.cpu)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    total: runs.reduce((n, r) => n + r.total, 0),
    runs: runs.length,
  };
}

async function benchDialect(dialect) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const stores = [];
  const servers = [];
  const notes = [];
  try {
    // Two shops side by side, 1,000 and 100,000 products, measured in alternation so that the noise of a
    // shared machine falls on both alike.
    const shops = {};
    let env100k;
    for (const size of SIZES) {
      const name = size.products === 1_000 ? '1k' : '100k';
      const store = await freshStore(dialect, tmp, name);
      stores.push(store);
      const port = await freePort();
      const env = {
        ...process.env,
        ...store.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: '1',
      };
      if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
      // The catalogue first (migrations, the demo catalogue, then the generated products), then the shop starts on it.
      notes.push(
        ...(await run('bench-catalogue.js', ['--total', String(size.products), '--phones', String(size.phones)], env)).split(
          '\n',
        ),
      );
      const log = path.join(tmp, `server-${name}.log`);
      const server = await startServer(env, port, log);
      servers.push({ ...server, log });
      shops[name] = server.base;
      env100k = env;
    }
    // The cold path: a second server on the 100,000-product shop, its read cache keeping nothing, so every read is
    // answered from the database, as after a write.
    const coldPort = await freePort();
    const coldLog = path.join(tmp, 'server-100k-cold.log');
    const coldServer = await startServer({ ...env100k, PORT: String(coldPort), BENCH_READ_CACHE: 'off' }, coldPort, coldLog);
    servers.push({ ...coldServer, log: coldLog });
    const coldBase = coldServer.base;

    const base = shops['100k'];
    const models = (await json(base, '/api/model/getall')).fetchModel;
    // A demo brand: its products' listing and its repair table (the generated phone models are other brands').
    const brand = models.find((m) => m.model === 'Nokia');
    const listing = `/api/product/getall?page=1&limit=10&sort=price_asc&type=smartphone&model=${encodeURIComponent(brand.model)}`;
    const results = {};
    for (const [name, url] of Object.entries(shops)) {
      // The baseline holds the listing's bytes as a visitor receives them over HTTP.
      const answer = await fetch(`${url}${listing}`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const page = JSON.parse(bytes.toString('utf8'));
      const primed = await json(url, '/__bench/baseline', {
        method: 'PUT',
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-baseline-type': answer.headers.get('content-type') },
        body: bytes,
      });
      notes.push(
        `listing at ${name}: ${primed.bytes} bytes, ${page.total} products of ${brand.model}, ${page.fetchProducts.length} on the page`,
      );
    }
    const cookie = await signIn(base);
    const product = (await json(base, listing)).fetchProducts[0];
    const repairs = (await json(base, `/api/phonerepair/getall?model=${brand._id}&limit=5`)).fetchPhoneRepair;
    const group = {
      method: 'POST',
      path: '/api/phonerepair/getgroupdata',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: brand._id }),
    };
    const media = product.images[0].secure_url;

    // The bare ceiling: the same three reads' bytes, as the shop answered them, from a process with no framework;
    // and the framework's floor: Fastify alone answering them with the shop's headers.
    const startBare = async (...flags) => {
      const port = await freePort();
      const child = spawn(process.execPath, [path.join(root, 'scripts/bare-server.mjs'), ...flags], {
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      servers.push({ child, log: '' });
      await once(child.stdout, 'data');
      const url = `http://127.0.0.1:${port}`;
      pidOf.set(url, child.pid);
      return url;
    };
    const bareBase = await startBare();
    const fastifyBase = await startBare('--fastify');
    const publicReads = {
      listing: { method: 'GET', path: listing },
      product: { method: 'GET', path: `/api/product/getbyid/${product._id}` },
      repair: group,
    };
    const NOT_KEPT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'x-request-id']);
    for (const [name, target] of Object.entries(publicReads)) {
      const answer = await fetch(`${base}${target.path}`, target);
      const headers = Object.fromEntries([...answer.headers].filter(([header]) => !NOT_KEPT.has(header)));
      const body = Buffer.from(await answer.arrayBuffer());
      for (const reference of [bareBase, fastifyBase]) {
        await json(reference, `/${name}`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/octet-stream',
            'x-baseline-type': answer.headers.get('content-type'),
            'x-baseline-headers': JSON.stringify(headers),
          },
          body,
        });
      }
    }
    const bareRead = (name) => ({ ...publicReads[name], path: `/${name}` });
    notes.push(`/media image: ${media} (${product.images[0].width} px wide, the largest stored width)`);

    // Every case once per round, rounds repeated: the noise of a shared machine falls on all cases alike. Each
    // server's baseline opens and closes the cases compared with it.
    const baseline = { method: 'GET', path: '/__bench/baseline' };
    const searches = SEARCHES.map((q) => ({ method: 'GET', path: searchPath(q) }));
    const cases = [
      ['baseline 1k', shops['1k'], baseline],
      ['listing 1k', shops['1k'], { method: 'GET', path: listing }],
      ['baseline 1k', shops['1k'], baseline],
      ['search 1k', shops['1k'], searches],
      ['baseline 100k', base, baseline],
      // The bare process before and after the kept reads compared with it, as the baselines are.
      ['bare listing', bareBase, bareRead('listing')],
      ['listing 100k', base, publicReads.listing],
      ['bare listing', bareBase, bareRead('listing')],
      ['listing 100k, cold', coldBase, publicReads.listing],
      ['bare product', bareBase, bareRead('product')],
      ['Fastify alone, product', fastifyBase, bareRead('product')],
      ['product by id', base, publicReads.product],
      ['bare product', bareBase, bareRead('product')],
      ['product by id, cold', coldBase, publicReads.product],
      ['bare repair table', bareBase, bareRead('repair')],
      ['repair table', base, group],
      ['bare repair table', bareBase, bareRead('repair')],
      ['repair table, cold', coldBase, group],
      ['baseline 100k', base, baseline],
      ['search 100k', base, searches],
      // What the databases' indexes cost.
      ['search 100k, none kept', coldBase, searches],
      ['home page HTML', base, { method: 'GET', path: '/shop/home' }],
      ['/media image', base, { method: 'GET', path: media }],
    ];
    for (const q of SEARCHES) {
      const found = (await json(base, searchPath(q))).results;
      notes.push(
        `search ${JSON.stringify(q)} at 100k: ${found.length} results${found[0] ? `, the first ${found[0].kind} "${found[0].title}"` : ''}`,
      );
    }
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured = {};
      for (const [label, url, target] of cases)
        (measured[label] ??= []).push(await measure(url, target, { duration: DURATION, warmup: 1 }));
      rounds.push(measured);
    }
    for (const [label] of cases) results[label] ??= mergeRuns(rounds.flatMap((measured) => measured[label]));

    const beside = await besideEveryProduct(base, publicReads.product);
    results['product by id, beside every product'] = beside;
    notes.push(
      `product by id, beside every product: ${DURATION * 2} s while another client read the list of every product ${beside.lists} time${beside.lists === 1 ? '' : 's'}, the longest wait ${fmt(beside.max)} ms`,
    );

    const reads = [
      { method: 'GET', path: listing },
      { method: 'GET', path: listing.replace('page=1', 'page=2') },
      { method: 'GET', path: `/api/product/getbyid/${product._id}` },
      group,
      { method: 'GET', path: '/shop/home', headers: AS_A_BROWSER },
      { method: 'GET', path: media },
      { method: 'GET', path: '/api/model/getall' },
      { method: 'GET', path: '/api/product/getall?page=1&limit=10&sort=newest' },
      { method: 'GET', path: `/shop/productpage/${product._id}`, headers: AS_A_BROWSER },
    ];
    // Writes that keep the catalogue's size: a repair price and a product's stock change back and forth.
    const repair = repairs[0];
    const repairWrite = (price) => ({
      method: 'PUT',
      path: `/api/phonerepair/update/${repair._id}`,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ productname: repair.productname, model: repair.model._id, repair: repair.repair._id, price }),
    });
    const productWrite = (stock) => {
      const form = productUpdateBody(product, stock);
      return {
        method: 'PUT',
        path: `/api/product/update/${product._id}`,
        headers: { cookie, 'content-type': form.type },
        body: form.body,
      };
    };
    await json(base, '/__bench/loop');
    results['mixed load (10% writes)'] = await measure(base, null, {
      duration: MIXED.duration,
      connections: MIXED.connections,
      requests: [...reads, repairWrite(79), ...reads, productWrite(7), ...reads, repairWrite(89), ...reads, productWrite(9)],
    });
    notes.push(
      'mixed load: 9 reads (listing pages, product, repair table, home and product pages asked for compressed as browsers ask, image, brands) to 1 admin write (a repair price or a product, in turn)',
    );
    const { longestMs } = await json(base, '/__bench/loop');
    notes.push(`mixed load: the server's event loop was held up ${fmt(longestMs)} ms at the longest`);
    notes.push(await timeFixes(base, cookie));
    return { dialect, results, rounds, notes };
  } catch (err) {
    for (const s of servers) if (fs.existsSync(s.log)) process.stderr.write(fs.readFileSync(s.log, 'utf8').slice(-3000));
    throw err;
  } finally {
    for (const s of servers) await stopServer(s.child);
    for (const store of stores) await store.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Signs the bench admin in; the session cookie. */
async function signIn(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie.startsWith('sid=')) throw new Error(`admin sign-in failed: ${login.status}`);
  return cookie;
}

/** The dashboard's things to fix at the shop's size: one indexed count per problem (the median of five calls). */
async function timeFixes(base, cookie) {
  const times = [];
  let fixes = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    fixes = (await json(base, '/api/dashboard/fixes', { headers: { cookie } })).fetchFixes;
    times.push(performance.now() - started);
  }
  const counts = fixes.map((f) => `${f.title}: ${fmt(f.count)}`).join('; ');
  return `things to fix: ${fmt(median(times), 1)} ms for GET /api/dashboard/fixes (median of 5; ${counts || 'nothing to fix'})`;
}

/** A CSV upload as a browser sends it (multipart, field file). */
function csvUpload(csv, filename) {
  const boundary = 'benchcsvboundary9XkT';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), Buffer.from(csv), Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const IMPORT_ROWS = 50_000;

/**
 * Issue 20's target: 50,000 rows of a CSV file imported in under 10 s. A fresh shop (the demo catalogue) takes
 * 50,000 new repair prices (10,000 phones of its brands, 5 repairs each), then the same file with every price 10%
 * higher (50,000 updates), then 50,000 new products; each timed from the upload to the answer, its dry run too.
 */
async function benchImports(dialect) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-import-'));
  const store = await freshStore(dialect, tmp, 'import');
  let server;
  try {
    const port = await freePort();
    const env = { ...process.env, ...store.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '1' };
    if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
    const log = path.join(tmp, 'server-import.log');
    server = { ...(await startServer(env, port, log)), log };
    const cookie = await signIn(server.base);
    const brands = (await json(server.base, '/api/model/getall')).fetchModel.filter((m) => m.model.toLowerCase() !== 'accessories');
    const repairs = (await json(server.base, '/api/repaircategory/getall')).fetchCategory.map((c) => c.repaircategory);
    const categories = (await json(server.base, '/api/category/getall')).fetchCategory.map((c) => c.category);
    const repairCsv = (factor) => {
      const lines = ['Product Name,Model,Repair,Price'];
      for (let i = 0; lines.length <= IMPORT_ROWS; i++) {
        const brand = brands[i % brands.length].model;
        for (const [r, repair] of repairs.entries()) {
          if (lines.length > IMPORT_ROWS) break;
          lines.push(`${brand} Bench ${i},${brand},${repair},${(((20 + ((i * 7 + r * 13) % 300)) * factor)).toFixed(2)}`);
        }
      }
      return lines.join('\r\n');
    };
    const productCsv = (factor = 1) => {
      const lines = ['Product Name,Price,Stock Quantity,Model,Category,RAM,ROM,Availability,Color,Description'];
      for (let i = 0; lines.length <= IMPORT_ROWS; i++) {
        const accessory = i % 10 === 0;
        const brand = accessory ? 'Accessories' : brands[i % brands.length].model;
        lines.push(
          `Bench item ${i},${((10 + (i % 900)) * factor).toFixed(2)},${1 + (i % 40)},${brand},${accessory ? categories[i % categories.length] : ''},${accessory ? '' : '8GB'},${accessory ? '' : '128GB'},In Stock,Black,"Generated for the import benchmark, item ${i}, with a description."`,
        );
      }
      return lines.join('\r\n');
    };
    const timed = async (label, url, csv, expect) => {
      const { body, type } = csvUpload(csv, 'bench.csv');
      const started = performance.now();
      const res = await fetch(`${server.base}${url}`, { method: 'POST', headers: { cookie, 'content-type': type }, body });
      const ms = performance.now() - started;
      const answer = await res.json();
      if (!res.ok || answer.errors.length) throw new Error(`${label}: ${res.status} ${answer.message}`);
      const counts = `${fmt(answer.created)} new, ${fmt(answer.updated)} updated, ${fmt(answer.unchanged)} unchanged`;
      if (expect && !counts.startsWith(expect)) throw new Error(`${label}: ${counts}`);
      return { label, seconds: ms / 1000, counts, bytes: body.length };
    };
    const rows = [];
    const first = repairCsv(1);
    rows.push(await timed('repair prices, dry run', '/api/phonerepair/import?dryRun=1', first, '50,000 new'));
    rows.push(await timed('repair prices, all new', '/api/phonerepair/import', first, '50,000 new'));
    const raised = repairCsv(1.1);
    rows.push(await timed('repair prices +10%, dry run', '/api/phonerepair/import?dryRun=1', raised, '0 new, 50,000 updated'));
    rows.push(await timed('repair prices +10%, all updated', '/api/phonerepair/import', raised, '0 new, 50,000 updated'));
    const products = productCsv();
    rows.push(await timed('products, dry run', '/api/product/import?dryRun=1', products, '50,000 new'));
    rows.push(await timed('products, all new', '/api/product/import', products, '50,000 new'));
    const dearer = productCsv(1.1);
    rows.push(await timed('products +10%, dry run', '/api/product/import?dryRun=1', dearer, '0 new, 50,000 updated'));
    rows.push(await timed('products +10%, all updated', '/api/product/import', dearer, '0 new, 50,000 updated'));
    return rows;
  } catch (err) {
    if (server && fs.existsSync(server.log)) process.stderr.write(fs.readFileSync(server.log, 'utf8').slice(-3000));
    throw err;
  } finally {
    if (server) await stopServer(server.child);
    await store.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function printImports(dialect, rows) {
  const out = [`\n## CSV imports of ${fmt(IMPORT_ROWS)} rows, ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n`];
  out.push('| import | file | answer | seconds | under 10 s |');
  out.push('|---|--:|---|--:|:-:|');
  for (const r of rows) {
    out.push(`| ${r.label} | ${fmt(r.bytes / 1024 / 1024, 1)} MB | ${r.counts} | ${fmt(r.seconds, 1)} | ${r.seconds < 10 ? 'yes' : 'NO'} |`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

const fmt = (n, digits = 0) => n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function print({ dialect, results, rounds, notes }) {
  const out = [];
  const runsOf = (name) => (results[name].runs ? ` (median of ${results[name].runs})` : '');
  out.push(`\n## ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n`);
  for (const n of notes) out.push(`- ${n}`);
  out.push('');
  out.push(`| case | connections | requests/s | server CPU µs per request | p50 ms | p99 ms | errors (of which timeouts) | non-2xx |`);
  out.push(`|---|--:|--:|--:|--:|--:|--:|--:|`);
  for (const [name, r] of Object.entries(results)) {
    const c = name.startsWith('mixed') ? MIXED.connections : CONNECTIONS;
    out.push(
      `| ${name}${runsOf(name)} | ${c} | ${fmt(r.rps)} | ${r.cpu === undefined ? '—' : fmt(r.cpu, 1)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} (${r.timeouts}) | ${r.non2xx} |`,
    );
  }
  // A case's figure in one round over its baseline's in that round (the mean of the runs around it).
  const mean = (measured, name, figure) => measured[name].reduce((sum, r) => sum + r[figure], 0) / measured[name].length;
  const ratio = (a, b, figure = 'rps') => {
    const each = rounds.map((measured) => mean(measured, a, figure) / mean(measured, b, figure));
    return { value: median(each), low: Math.min(...each), high: Math.max(...each) };
  };
  const singles = ['listing 100k', 'product by id', 'repair table', 'home page HTML', '/media image', 'search 100k'];
  const worstP99 = Math.max(...singles.map((s) => results[s].p99));
  const mixed = results['mixed load (10% writes)'];
  const targets = [
    ['listing 1k / baseline 1k', ratio('listing 1k', 'baseline 1k'), 0.5],
    ['listing 100k / baseline 100k', ratio('listing 100k', 'baseline 100k'), 0.5],
    ['product by id / baseline 100k', ratio('product by id', 'baseline 100k'), 0.75],
    ['repair table / baseline 100k', ratio('repair table', 'baseline 100k'), 0.75],
    ['listing 100k / bare process', ratio('listing 100k', 'bare listing'), 0.7],
    ['product by id / bare process', ratio('product by id', 'bare product'), 0.7],
    // No target: how near the framework itself comes to the bare process, with the shop's headers.
    ['Fastify alone, product / bare process', ratio('Fastify alone, product', 'bare product')],
    ['repair table / bare process', ratio('repair table', 'bare repair table'), 0.7],
    // No target: the same comparisons in server CPU time per request, the bare process's over the read's, so that a
    // higher figure is again the better one.
    ...(results['bare product'].cpu === undefined
      ? []
      : [
          ['listing 100k / bare process, in CPU per request', ratio('bare listing', 'listing 100k', 'cpu')],
          ['product by id / bare process, in CPU per request', ratio('bare product', 'product by id', 'cpu')],
          ['Fastify alone, product / bare process, in CPU per request', ratio('bare product', 'Fastify alone, product', 'cpu')],
          ['repair table / bare process, in CPU per request', ratio('bare repair table', 'repair table', 'cpu')],
        ]),
    ['listing 100k, cold / bare process', ratio('listing 100k, cold', 'bare listing'), 0.4],
    ['product by id, cold / bare process', ratio('product by id, cold', 'bare product'), 0.4],
    ['repair table, cold / bare process', ratio('repair table, cold', 'bare repair table'), 0.4],
    ['listing 100k / listing 1k', ratio('listing 100k', 'listing 1k'), 0.8],
    ['search 100k / search 1k', ratio('search 100k', 'search 1k'), 0.8],
  ];
  out.push('');
  const pct = (v) => `${fmt(v * 100)}%`;
  out.push(`| target | measured (median of ${rounds.length} rounds) | rounds | required | met |`);
  out.push(`|---|--:|--:|--:|:-:|`);
  for (const [name, { value, low, high }, min] of targets)
    out.push(
      `| ${name} | ${pct(value)} | ${pct(low)}–${pct(high)} | ${min === undefined ? '—' : `≥ ${pct(min)}`} | ${min === undefined ? '—' : value >= min ? 'yes' : 'NO'} |`,
    );
  out.push(
    `| worst p99 at ${CONNECTIONS} connections (${singles.join(', ')}) | ${fmt(worstP99, 1)} ms | | ≤ 50 ms | ${worstP99 <= 50 ? 'yes' : 'NO'} |`,
  );
  const searchP99 = results['search 100k'].p99;
  out.push(
    `| search 100k p99 at ${CONNECTIONS} connections | ${fmt(searchP99, 1)} ms | | ≤ 20 ms | ${searchP99 <= 20 ? 'yes' : 'NO'} |`,
  );
  const failed = mixed.errors + mixed.non2xx;
  out.push(`| mixed load errors + non-2xx | ${failed} of ${fmt(mixed.total)} | | 0 | ${failed === 0 ? 'yes' : 'NO'} |`);
  process.stdout.write(`${out.join('\n')}\n`);
}

buildIfStale();
if (args.includes('--cpu-prof')) fs.mkdirSync(profileDir, { recursive: true });
if (args.includes('--imports-only')) process.stdout.write(`# npm run bench -- --imports-only, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}\n`);
else process.stdout.write(
  `# npm run bench, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()})\n` +
    `Two servers side by side (1,000 products and 100 phone models; 100,000 and 10,000). Searches: ${SEARCHES.length} queries in turn\n` +
    `(${SEARCHES.map((q) => JSON.stringify(q)).join(', ')}), 8 results each. Each case: 1 s warm-up + ${DURATION} s at ${CONNECTIONS} connections over loopback,\n` +
    `once per round in turn, ${ROUNDS} rounds, medians reported; each server's baseline measured before and after the\n` +
    `cases compared with it, and each ratio taken within its round. The bare process (node:http, the same bytes) is\n` +
    `measured just before and just after each kept public read it is compared with, Fastify alone (the same bytes and\n` +
    `the shop's headers) between the first bare product read and the kept one; the cold reads go to a third server on\n` +
    `the 100,000-product shop whose read cache keeps nothing. After the rounds, kept product reads for ${DURATION * 2} s\n` +
    `while another client reads the list of every product again and again. Mixed load: ${WARMUP} s warm-up + ${MIXED.duration} s at ${MIXED.connections} connections.\n` +
    `Server CPU per request: the answering process's user and system time over the measured run (/proc), over its requests.\n`,
);
if (!pgUrl) process.stdout.write('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.\n');
for (const d of dialects) {
  if (!args.includes('--imports-only')) print(await benchDialect(d));
  printImports(d, await benchImports(d));
}
