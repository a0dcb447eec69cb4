// npm run lighthouse: mobile Lighthouse with Chromium, against the built shop started as npm start does on a fresh
// data folder with the demo catalogue. Each run of a page is audited twice: with Lighthouse's default 4x CPU slowdown,
// and with the slowdown calibrated to this host's power as Lighthouse measured it in that run, so that it emulates the
// mid-range phone Lighthouse's 4x assumes on a host of benchmarkIndex 1,750 (multiplier = 4 x benchmarkIndex / 1,750,
// never below 4). The targets apply to the calibrated audits. As a check on Lighthouse's simulation, each page is then
// loaded with the slowdown of the runs' median benchmarkIndex applied to the browser for real, for its TBT. At that
// slowdown too, the latency of taps (opening the mobile menu, the listing's filters and a filter) is measured with the
// Event Timing API in Chromium, and the time a repair table's "Book this repair" takes to put the booking form on
// screen.
// The host's floor is measured beside the pages and taps: a page of one paragraph and a native popover menu, without
// style or script, from a bare node:http process, what no shop page can beat on this host. Five runs per page, as
// Lighthouse advises against its own variability, the median run (Lighthouse's own choice) is printed, and five of
// each tap, the 75th percentile printed as INP is judged across page loads, with the longest beside it; every JSON
// report is kept in lighthouse-reports/ (ignored by git). Runs offline: the shop and Chromium are local.
//   --runs <n>   runs per page and per tap (default 5)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { Runner } from 'lighthouse/core/runner.js';
import { buildIfStale } from './build-if-stale.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'lighthouse-reports');
const args = process.argv.slice(2);
const RUNS = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 5);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcp: 1500,
  cls: 0.01,
  tbt: 50,
  interaction: 100,
};
/** The host power at which Lighthouse's 4x slowdown emulates its mid-range phone. */
const REFERENCE_INDEX = 1750;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The value three quarters of the runs do not exceed: of 5 runs the fourth lowest, of 3 the highest. */
const p75 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1];

async function startShop() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, base, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the shop did not start:\n${log}`);
}

/**
 * The host's floor: a bare node:http process answering a page of one paragraph and a native popover menu, without
 * style or script; what no shop page can beat on this host.
 */
async function startFloor() {
  const page =
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Floor</title><meta name="description" content="A page of one paragraph."></head>' +
    '<body><button popovertarget="menu">Menu</button><div id="menu" popover role="dialog" aria-label="Menu"><a href="/">Home</a></div>' +
    '<main><h1>Floor</h1><p>A page of one paragraph and a menu, without style or script.</p></main></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

async function pagesOf(base) {
  const get = async (url, init) => (await fetch(`${base}${url}`, init)).json();
  const brand = (await get('/api/model/getall')).fetchModel.find((m) => m.model.toLowerCase() !== 'accessories');
  const product = (await get(`/api/product/getall?page=1&limit=1&type=smartphone&model=${encodeURIComponent(brand.model)}`))
    .fetchProducts[0];
  const post = (await get('/api/blog/getall?page=1&limit=1')).fetchBlog[0];
  const pages = [
    { name: 'home', url: '/shop/home' },
    {
      name: 'brand listing',
      url: `/shop/product?category=${encodeURIComponent('Smart phones')}&filter=${encodeURIComponent(brand.model)}`,
    },
    { name: 'product page', url: `/shop/productpage/${product._id}` },
    { name: 'repair table', url: `/shop/phonerepairdetail/${brand._id}` },
    { name: 'blog post', url: `/shop/blog/${post.slug}` },
  ];
  return Object.assign(pages, { brand: brand.model });
}

const slug = (s) => s.replace(/\W+/g, '-');

/** The CPU slowdown at which this host emulates the mid-range phone: 4 x its benchmarkIndex / 1,750, at least 4. */
const calibratedFor = (benchmarkIndex) => Math.max(4, Math.round((4 * benchmarkIndex * 10) / REFERENCE_INDEX) / 10);

/**
 * Lighthouse's audits of one recorded run at this CPU slowdown. Lighthouse's throttling is simulated: the page loads
 * at the host's full speed, and the audits apply the slowdown to the main thread's work as recorded, so one recording
 * can be audited at several. (Lighthouse refuses to audit with settings other than the recording's, so the recording
 * is told the slowdown too: recording uses it only for a requestIdleCallback shim, and no shop page calls
 * requestIdleCallback as it loads.)
 */
function auditAt(gathered, cpuSlowdownMultiplier) {
  const { resolvedConfig } = gathered.runnerOptions;
  const throttling = { ...resolvedConfig.settings.throttling, cpuSlowdownMultiplier };
  const settings = { ...resolvedConfig.settings, throttling };
  const artifacts = { ...gathered.artifacts, settings: { ...gathered.artifacts.settings, throttling } };
  return Runner.audit(artifacts, { resolvedConfig: { ...resolvedConfig, settings }, computedCache: new Map() });
}

/** One run's score and TBT, and the slowdown it was audited at. */
const ranAs = (lhr) =>
  `performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms ` +
  `at ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x`;

/** The median run's figures of a page, and the audits it did not pass among those that count. */
function rowOf(page, runs) {
  const lhr = computeMedianRun(runs);
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .filter(
      (a) =>
        CATEGORIES.slice(1).some((c) => lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0)) ||
        ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'].includes(a.id),
    )
    .map((a) => a.id);
  return {
    page: page.name,
    url: page.url,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    tbts: runs.map((run) => run.audits['total-blocking-time'].numericValue),
    multipliers: runs.map((r) => r.configSettings.throttling.cpuSlowdownMultiplier),
    failing,
  };
}

/**
 * Lighthouse on each page, RUNS times. Each run's recording is audited twice: at Lighthouse's default 4x slowdown,
 * and at the slowdown calibrated to the host's power as Lighthouse measured it in that very run (its benchmarkIndex,
 * taken just before the page loads): on a shared machine the host's speed can halve from one run to the next, and a
 * slowdown calibrated to another run's would emulate a slower or faster phone than the mid-range one. The median run
 * per page, for each; every run's benchmarkIndex is pushed onto `benchmarkIndexes`.
 */
async function measurePages(chrome, pages, label, benchmarkIndexes) {
  const rows = { default: [], calibrated: [] };
  for (const page of pages) {
    const runs = { default: [], calibrated: [] };
    // A run whose trace Chromium failed to record (NO_NAVSTART, NO_FCP) is repeated, at most twice in all.
    for (let i = 1, retries = 0; runs.default.length < RUNS; i++) {
      const gathered = await navigationGather(undefined, `${page.base ?? shop.base}${page.url}`, {
        flags: { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        config: { extends: 'lighthouse:default', settings: { throttling: defaultThrottling } },
      });
      const benchmarkIndex = gathered.artifacts.BenchmarkIndex;
      const results = { default: await auditAt(gathered, 4), calibrated: await auditAt(gathered, calibratedFor(benchmarkIndex)) };
      for (const [kind, result] of Object.entries(results)) {
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        fs.writeFileSync(path.join(reports, `${slug(label)}-${slug(page.name)}-${i}-${kind}.json`), result.report);
      }
      const failed = results.default.lhr.runtimeError?.code;
      process.stdout.write(
        `  ${label}: ${page.name} run ${i}: ` +
          (failed
            ? `failed (${failed})`
            : `benchmarkIndex ${Math.round(benchmarkIndex)}; ${ranAs(results.default.lhr)}; ${ranAs(results.calibrated.lhr)}`) +
          '\n',
      );
      if (failed) {
        if (++retries > 2) throw new Error(`Lighthouse failed on ${page.url}: ${failed}`);
        continue;
      }
      benchmarkIndexes.push(benchmarkIndex);
      runs.default.push(results.default.lhr);
      runs.calibrated.push(results.calibrated.lhr);
    }
    rows.default.push(rowOf(page, runs.default));
    rows.calibrated.push(rowOf(page, runs.calibrated));
  }
  return rows;
}

/**
 * TBT with the slowdown applied to the browser for real (Lighthouse's DevTools throttling: Chromium's CPU throttling at
 * `rate`, Lighthouse's slow 4G), RUNS runs of each page: no target, a check on the simulated figures. The simulation
 * scales each task of the recording by the slowdown and places the first paint by its model of the network, so a task
 * that ended before the page was painted can count as blocking after it; here the page is painted only when the main
 * thread is free, as on a phone.
 */
async function measureApplied(chrome, pages, rate) {
  const rows = [];
  for (const page of pages) {
    const runs = [];
    const failures = [];
    // A run Chromium failed to record, or whose trace gave no blocking time, is repeated, at most twice per page; after
    // that the page is reported with the runs it has and why the others failed (Chromium's code, or the audit's:
    // NO_TTI_CPU_IDLE_PERIOD when the load never had the five quiet seconds the blocking time is counted up to, as the
    // home page's slider, stepping every 4 s, can keep it from having at this slowdown), and the measurement goes on.
    while (runs.length < RUNS && failures.length <= 2) {
      const { lhr } = await lighthouse(
        `${page.base ?? shop.base}${page.url}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        {
          extends: 'lighthouse:default',
          settings: { throttlingMethod: 'devtools', throttling: { ...defaultThrottling, cpuSlowdownMultiplier: rate } },
        },
      );
      const tbt = lhr.audits['total-blocking-time'];
      if (!lhr.runtimeError && Number.isFinite(tbt.numericValue)) runs.push(tbt.numericValue);
      else failures.push(lhr.runtimeError?.code ?? /\((\w+)\)\s*$/.exec(tbt.errorMessage ?? '')?.[1] ?? 'no blocking time');
    }
    rows.push({ page: page.name, tbt: runs.length ? median(runs) : NaN, runs, failures });
  }
  return rows;
}

/**
 * The latency of each tap, as the Event Timing API reports it (from the input to the next frame painted after the
 * handlers ran: what INP measures), at the calibrated CPU slowdown on a 375 px phone screen: once the page's app is
 * live, and, for the menu and the filters, as soon as the page has loaded (a visitor's first tap, which also starts
 * the app). Each tap is tried RUNS times, each time on a new load of its page. A tap's figure is the 75th percentile
 * of its tries, as INP is judged over a page's loads (the longest is printed beside it), but a tap that once opened
 * nothing is a miss.
 */
async function measureInteractions(base, rate, brand, floorBase) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS });
  const results = [];
  try {
    const menu = {
      url: '/shop/home',
      target: (p) => p.getByRole('button', { name: 'Menu', exact: true }),
      opened: (p) => p.getByRole('dialog', { name: 'Menu' }).isVisible(),
    };
    const filters = {
      url: '/shop/product',
      target: (p) => p.getByText('Filters', { exact: true }),
      opened: (p) => p.getByRole('navigation', { name: 'Product filters' }).isVisible(),
    };
    const steps = [
      { name: 'open the mobile menu (home)', ...menu },
      { name: "open the listing's filters", ...filters },
      { name: 'open the mobile menu as the page loads (home)', early: true, ...menu },
      { name: "open the listing's filters as the page loads", early: true, ...filters },
      {
        name: "the host's floor: open a page's native menu as it loads",
        early: true,
        base: floorBase,
        url: '/',
        target: (p) => p.getByRole('button', { name: 'Menu' }),
        opened: (p) => p.getByRole('dialog', { name: 'Menu' }).isVisible(),
      },
      {
        name: `choose the ${brand} filter`,
        url: '/shop/product',
        before: (p) => filters.target(p).click(),
        target: (p) => p.getByRole('navigation', { name: 'Product filters' }).getByRole('link', { name: brand, exact: true }),
      },
    ];
    for (const step of steps) {
      const latencies = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        // These run in the page: globalThis is its window.
        await page.addInitScript(() => {
          globalThis.__interactions = [];
          new globalThis.PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (e.interactionId) globalThis.__interactions.push(e.duration);
          }).observe({ type: 'event', durationThreshold: 16, buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${step.base ?? base}${step.url}`, { waitUntil: 'load' });
        if (!step.early) {
          // The app starts at the visitor's first touch (apps/web/public/boot.js): a key press here, which taps nothing.
          await page.keyboard.press('Shift');
          await page.waitForFunction(() => globalThis.document.documentElement.dataset.app === 'live');
          await page.waitForTimeout(500);
        }
        if (step.before) {
          await step.before(page);
          await page.waitForTimeout(500);
        }
        // The tap's own interactions only: not the key press that started the app (its keyup can wait for the app's
        // start), nor what `before` did.
        await page.evaluate(() => (globalThis.__interactions.length = 0));
        await step.target(page).tap();
        await page.waitForTimeout(1000);
        const durations = await page.evaluate(() => globalThis.__interactions);
        // A tap that opened nothing has no latency worth the name: it counts as a miss.
        if (step.opened && !(await step.opened(page))) latencies.push(Infinity);
        // Below the API's 16 ms threshold nothing is reported: the tap was handled within a frame or so.
        else latencies.push(durations.length ? Math.max(...durations) : 16);
        await context.close();
      }
      results.push({
        name: step.name,
        url: step.url,
        floor: Boolean(step.base),
        latency: latencies.includes(Infinity) ? Infinity : p75(latencies),
        longest: Math.max(...latencies),
        runs: latencies,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * How long a tap on a repair table's "Book this repair" takes to put the booking form on screen, on a 375 px phone at
 * the calibrated slowdown: as the page loads (the browser follows the link to the contact page's form) and once the app
 * is live (its dialog). From the click the tap makes to the first frame that shows the form's first field, both read in
 * the page (the driver's own work before it taps, slowed down with the page, is not the visitor's), the longest of
 * RUNS tries. Event Timing cannot see this wait: a tap answered by another page, or by a dialog whose code is still
 * loading, paints nothing new at once.
 */
async function measureBooking(base, rate, url) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS });
  const results = [];
  try {
    for (const early of [true, false]) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        // These run in each page: the repair table's and, as it loads, the contact page's. The click's time and the
        // form's first frame are taken as wall-clock times (timeOrigin is when the page's navigation started), since
        // the two can be in different pages; sessionStorage carries the click's across.
        await page.addInitScript(() => {
          const now = () => globalThis.performance.timeOrigin + globalThis.performance.now();
          globalThis.addEventListener(
            'click',
            (event) =>
              globalThis.sessionStorage.setItem('clickedAt', String(globalThis.performance.timeOrigin + event.timeStamp)),
            { capture: true },
          );
          const field = 'dialog[open] [name="name"], section[aria-labelledby="contact-form"] [name="name"]';
          const watch = () => {
            const shown = globalThis.document.querySelector(field)?.checkVisibility();
            if (shown) globalThis.__formShownAt = now();
            else globalThis.requestAnimationFrame(watch);
          };
          globalThis.requestAnimationFrame(watch);
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${base}${url}`, { waitUntil: 'load' });
        if (!early) {
          await page.keyboard.press('Shift');
          await page.waitForFunction(() => globalThis.document.documentElement.dataset.app === 'live');
          await page.waitForTimeout(500);
        }
        await page.getByRole('link', { name: /^Book this repair: / }).first().tap();
        await page
          .locator('dialog[open], section[aria-labelledby="contact-form"]')
          .getByLabel('Your name')
          .waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForFunction(() => globalThis.__formShownAt !== undefined);
        runs.push(
          await page.evaluate(() =>
            Math.round(globalThis.__formShownAt - Number(globalThis.sessionStorage.getItem('clickedAt'))),
          ),
        );
        await context.close();
      }
      results.push({
        name: early
          ? "tap 'Book this repair' as the page loads: the contact page's form"
          : "tap 'Book this repair' once live: its dialog",
        url,
        latency: Math.max(...runs),
        runs,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Lighthouse's own mobile network and CPU settings, whose CPU slowdown each pass replaces. */
const defaultThrottling = (await import('lighthouse/core/config/constants.js')).throttling.mobileSlow4G;

buildIfStale();
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const shop = await startShop();
const floor = await startFloor();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
/** Lighthouse's measure of the host's CPU power, per run. */
const benchmarkIndexes = [];
let rows;
let floorRow;
let applied;
let interactions;
let booking;
let multiplier;
let pages;
try {
  pages = await pagesOf(shop.base);
  rows = await measurePages(chrome, pages, 'shop', benchmarkIndexes);
  [floorRow] = (await measurePages(chrome, [{ name: 'floor', url: '/', base: floor.base }], 'floor', [])).calibrated;
  // Applied throttling and taps are slowed down for real (Chromium's own throttling), a whole page's journey at one
  // slowdown: the one of the runs' median benchmarkIndex.
  multiplier = calibratedFor(median(benchmarkIndexes));
  applied = await measureApplied(chrome, [...pages, { name: "the host's floor", url: '/', base: floor.base }], multiplier);
  interactions = await measureInteractions(shop.base, multiplier, pages.brand, floor.base);
  booking = await measureBooking(shop.base, multiplier, pages.find((p) => p.name === 'repair table').url);
} finally {
  chrome.kill();
  floor.server.closeAllConnections();
  floor.server.close();
  shop.child.kill('SIGTERM');
  await new Promise((r) => shop.child.once('exit', r));
  fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

const mark = (ok, judged) => (judged && !ok ? ' ✗' : '');
const table = (rows, judged) => [
  `| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |${judged ? " every run's TBT | runs at |" : ''}`,
  `|---|--:|--:|--:|--:|--:|--:|--:|${judged ? '---|---|' : ''}`,
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.performance}${mark(r.performance >= TARGETS.performance, judged)} | ${r.accessibility}${mark(r.accessibility >= TARGETS.accessibility, judged)} | ` +
      `${r['best-practices']}${mark(r['best-practices'] >= TARGETS['best-practices'], judged)} | ${r.seo}${mark(r.seo >= TARGETS.seo, judged)} | ` +
      `${(r.lcp / 1000).toFixed(2)} s${mark(r.lcp <= TARGETS.lcp, judged)} | ${r.cls.toFixed(3)}${mark(r.cls <= TARGETS.cls, judged)} | ` +
      `${Math.round(r.tbt)} ms${mark(r.tbt <= TARGETS.tbt, judged)} |${judged ? ` ${r.tbts.map(Math.round).join(', ')} | ${r.multipliers.map((m) => `${m}x`).join(', ')} |` : ''}`,
  ),
];
const slowdowns = (list) => `${Math.min(...list)}-${Math.max(...list)}x`;
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'nothing opened');
const runsMs = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'no run recorded');
const range = (values) =>
  `median ${Math.round(median(values))}, runs ${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
const out = [
  `\n# npm run lighthouse, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Lighthouse mobile, median of ${RUNS} runs, ${os.cpus().length} cores\n`,
  `Host CPU power (Lighthouse benchmarkIndex, measured in each run): ${range(benchmarkIndexes)}.`,
  '',
  `## Calibrated: each run at 4 x its own benchmarkIndex / ${REFERENCE_INDEX}, at least 4 (here ${slowdowns(rows.calibrated.flatMap((r) => r.multipliers))}): the mid-range phone`,
  '',
  ...table(rows.calibrated, true),
  '',
  `Targets: performance ≥ ${TARGETS.performance}; accessibility, best practices, SEO ${TARGETS.seo}; LCP ≤ ${TARGETS.lcp / 1000} s, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbt} ms (✗ = missed).`,
  '',
  `The host's floor, calibrated likewise (${slowdowns(floorRow.multipliers)}; a page of one paragraph and a menu, without style or script, from a bare node:http process): ` +
    `performance ${floorRow.performance}, LCP ${(floorRow.lcp / 1000).toFixed(2)} s, TBT ${Math.round(floorRow.tbt)} ms.`,
  '',
  `## Applied: the same pages with ${multiplier}x applied to the browser (DevTools throttling, slow 4G; no target, a check on the simulation)`,
  '',
  '| page | TBT (median) | runs |',
  '|---|--:|---|',
  ...applied.map(
    (a) => `| ${a.page} | ${runsMs(a.tbt)} | ${[...a.runs.map(ms), ...a.failures.map((f) => `failed (${f})`)].join(', ')} |`,
  ),
  '',
  '## Lighthouse default: 4x CPU slowdown, whatever the host (the same runs, for comparison)',
  '',
  ...table(rows.default, false),
  '',
  `## Taps on a 375 px phone at ${multiplier}x CPU slowdown (the runs' median benchmarkIndex; Event Timing: input to next paint, ${RUNS} loads each)`,
  '',
  '| interaction | page | latency (75th percentile) | longest | runs |',
  '|---|---|--:|--:|---|',
  ...interactions.map(
    (i) =>
      `| ${i.name} | ${i.url} | ${ms(i.latency)}${mark(i.latency <= TARGETS.interaction, !i.floor)} | ${ms(i.longest)} | ${i.runs.map(ms).join(', ')} |`,
  ),
  '',
  `Target: ≤ ${TARGETS.interaction} ms (16 ms means below the API's reporting threshold).`,
  '',
  `## A booking, from the tap's click to the form on screen (375 px phone, ${multiplier}x, the longest of ${RUNS}; no target)`,
  '',
  '| tap | page | to the form | runs |',
  '|---|---|--:|---|',
  ...booking.map((b) => `| ${b.name} | ${b.url} | ${ms(b.latency)} | ${b.runs.map(ms).join(', ')} |`),
  '',
  'Audits not passed in the calibrated median runs:',
  ...rows.calibrated.map((r) => `- ${r.page} (${r.url}): ${r.failing.length ? r.failing.join(', ') : 'none'}`),
  '',
  `JSON reports: ${path.relative(root, reports)}/`,
];
process.stdout.write(`${out.join('\n')}\n`);
