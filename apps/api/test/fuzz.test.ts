import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../src/modules/media/media.testkit.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Property-based fuzzing of every route: wrong types, missing and extra fields, huge and unicode strings,
 * odd query parameters and malformed multipart bodies. No answer may be a 5xx, every refusal carries the
 * envelope, and a refused request changes nothing that was saved.
 */
const RUNS = 10_000;

const FIELDS = [
  'productname', 'price', 'stockquantity', 'description', 'model', 'availability', 'warranty', 'discount', 'color',
  'category', 'ram', 'rom', 'keepImages', 'repair', 'repaircategory', 'shopname', 'email', 'phoneno', 'address',
  'facebook', 'instagram', 'x', 'name', 'password', 'role', 'status', 'id', 'aliases', '__proto__', 'constructor',
];
const QUERY_KEYS = ['page', 'limit', 'sort', 'q', 'model', 'category', 'type', 'availability', 'filter', 'id', 'kind', '__proto__'];

/** Tables whose content a refused request must leave alone (sign-in failures are counted on purpose). */
const TABLES = ['users', 'app_details', 'models', 'categories', 'repair_categories', 'products', 'phone_repairs', 'phone_models', 'search_documents', 'images', 'media'] as const;

let t: TestContext;
let routes: { method: string; url: string }[];
let cookies: Record<'anonymous' | 'user' | 'admin', string | undefined>;
let realIds: string[];
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  routes = t.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  cookies = { anonymous: undefined, user: await t.signIn('user'), admin: await t.signIn('admin') };
  const models = (await t.request({ method: 'GET', url: '/api/model/getall' })).json().fetchModel as { _id: string }[];
  realIds = models.map((m) => m._id);
  jpeg = await makeImage('jpeg', 64, 48);
});
afterAll(async () => {
  await t.close();
});

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const row = await sql<{ n: number; h: string | null }>`select count(*) as n, max(${sql.ref(table === 'images' || table === 'search_documents' ? 'id' : table === 'media' ? 'key' : 'updated_at')}) as h from ${sql.table(table)}`.execute(t.db.db);
    parts.push(`${table}:${row.rows[0]?.n}:${row.rows[0]?.h}`);
  }
  return parts.join('|');
}

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', '../../etc/passwd', '%00', '\u0000', '<script>alert(1)</script>', "' or 1=1 --", 'In Stock', 'IN STOCK', '4GB', '1TB', '+44 7700 900123', 'a@b.co'),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(weirdString, { maxLength: 8 }),
  fc.dictionary(fc.string({ maxLength: 8 }), weirdString, { maxKeys: 3 }),
);
const pathParam = fc.oneof(fc.constantFrom(...['AAAAAAAAAAAAAAAA', '..', '%2e%2e', '0', 'a'.repeat(300)]), fc.string({ minLength: 1, maxLength: 40 }), fc.constant('REAL'));
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })), weirdString, { maxKeys: 5 });
const jsonBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), weirdValue, { maxKeys: 10 });

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; type: string }
  | { kind: 'multipart'; fields: Record<string, string>; files: { bytes: 'random' | 'jpeg' | 'truncated' | 'empty'; field: string; name: string }[]; cut: boolean };

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  jsonBody.map<Body>((value) => ({ kind: 'json', value })),
  fc.oneof(weirdValue, fc.array(weirdValue)).map<Body>((value) => ({ kind: 'json', value })),
  fc.record({ text: weirdString, type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml') }).map<Body>((r) => ({ kind: 'raw', ...r })),
  fc
    .record({
      fields: fc.dictionary(fc.constantFrom(...FIELDS), fc.string({ maxLength: 60 }), { maxKeys: 10 }),
      files: fc.array(
        fc.record({ bytes: fc.constantFrom('random', 'jpeg', 'truncated', 'empty'), field: fc.constantFrom('file', 'file', 'logo', ''), name: fc.constantFrom('a.jpg', '../../evil.jpg', 'x.svg', '') }),
        { maxLength: 7 },
      ),
      cut: fc.boolean(),
    })
    .map<Body>((r) => ({ kind: 'multipart', ...(r as Omit<Extract<Body, { kind: 'multipart' }>, 'kind'>) })),
);

function encode(b: Body, random: Buffer): { payload?: string | Buffer; headers: Record<string, string> } {
  switch (b.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return { payload: JSON.stringify(b.value) ?? 'null', headers: { 'content-type': 'application/json' } };
    case 'raw':
      return { payload: b.text, headers: { 'content-type': b.type } };
    case 'multipart': {
      const boundary = '----fuzzboundary';
      const parts: Buffer[] = [];
      for (const [k, v] of Object.entries(b.fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      for (const f of b.files) {
        const bytes = f.bytes === 'jpeg' ? jpeg : f.bytes === 'truncated' ? jpeg.subarray(0, jpeg.length >> 1) : f.bytes === 'empty' ? Buffer.alloc(0) : random;
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: image/jpeg\r\n\r\n`), bytes, Buffer.from('\r\n'));
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const whole = Buffer.concat(parts);
      return { payload: b.cut ? whole.subarray(0, Math.floor(whole.length / 2)) : whole, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    }
  }
}

describe('input fuzzing', () => {
  it(`answers ${RUNS} generated requests across every route with no 5xx, the envelope on every 4xx, and no change from refused requests`, async () => {
    let before = await fingerprint();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: routes.length - 1 }),
        fc.constantFrom('anonymous', 'user', 'admin'),
        pathParam,
        query,
        body,
        fc.uint8Array({ minLength: 0, maxLength: 256 }),
        async (routeIndex, who, param, q, b, randomBytes) => {
          const route = routes[routeIndex]!;
          const id = param === 'REAL' ? (realIds[routeIndex % realIds.length] ?? 'AAAAAAAAAAAAAAAA') : param;
          const path = route.url.replace(':id', encodeURIComponent(id)).replace(':file', `${encodeURIComponent(id)}.webp`).replace('*', encodeURIComponent(id)).replace(/:(brand|model)\b/g, () => encodeURIComponent(id));
          const search = new URLSearchParams(Object.entries(q)).toString();
          const { payload, headers } = encode(b, Buffer.from(randomBytes));
          // Signing out would end the shared sessions the next runs use.
          if (route.url.endsWith('/logout')) return;
          const res = await t.request({
            method: route.method as 'GET',
            url: `${path}${search ? `?${search}` : ''}`,
            cookie: cookies[who as keyof typeof cookies],
            headers,
            ...(payload !== undefined && route.method !== 'GET' ? { payload } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${route.method} ${path}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const json = res.json();
            expect(json.success).toBe(false);
            expect(typeof json.message).toBe('string');
            expect(json.message.length).toBeGreaterThan(0);
            // Reads cannot write; every refused write is checked against the saved data.
            if (route.method !== 'GET') {
              const after = await fingerprint();
              expect(after, `refused ${route.method} ${path} changed saved data`).toBe(before);
            }
          } else if (route.method !== 'GET') {
            before = await fingerprint();
          }
        },
      ),
      // A fixed seed keeps CI reproducible; FUZZ_SEED explores other inputs (fast-check prints the seed of a failure).
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
  }, 120_000);
});
