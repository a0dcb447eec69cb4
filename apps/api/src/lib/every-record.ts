import { Readable } from 'node:stream';
import type { onRequestHookHandler } from 'fastify';

/**
 * The lists that can be read whole: a list call with no query answers every record. At 100,000 products that is
 * 132 MB of JSON, so it is read a page at a time and sent as each page is ready, never held whole
 * (docs/decisions/0044-every-record-streamed.md).
 */

/** Where a list read in pages has got to: the last row read, in (created_at, id) order, newest first. */
export type ListCursor = { created_at: string; id: string } | undefined;

/** Rows read a page at a time. */
const PAGE_SIZE = 1000;

/**
 * Every row of a list, newest first, a page at a time after the last row read: a row added meanwhile is not sent, a
 * row deleted before its page is read is not, and no row is sent twice.
 */
export async function* pagesAfter<R extends { created_at: string; id: string }>(
  page: (after: ListCursor, size: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: ListCursor;
  for (;;) {
    const rows = await page(after, PAGE_SIZE);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

/**
 * Route options of a list call that can answer every record. Its handler returns the stream of `everyRecord` (which
 * a read in process collects, plugins/in-process-reads.ts) and uses no reply, so the answer's type is set here: JSON,
 * as a page of the list is, before the hooks that choose headers by it (plugins/security.ts).
 */
export const LIST_ROUTE: { onRequest: onRequestHookHandler } = {
  onRequest: (_request, reply, done) => {
    reply.type('application/json; charset=utf-8');
    done();
  },
};

/** A list call's query asks for every record when it sets nothing. */
export const asksForEveryRecord = (query: object) => Object.values(query).every((v) => v === undefined);

/**
 * The answer to a list call asking for every record, as JSON: `{"success":true,"<key>":[...]}`, the same bytes
 * `JSON.stringify` would give, sent a page at a time as the consumer takes them. A page is read only once the one
 * before it has gone out, and reading stops when the client goes away. A HEAD reads none: Fastify would read the
 * whole list for it and throw it away, as fast as the database goes, for a client that takes nothing.
 */
export function everyRecord(key: string, request: { method?: string }, pages: () => AsyncIterable<unknown[]>): Readable {
  async function* json() {
    yield `{"success":true,${JSON.stringify(key)}:[`;
    let first = true;
    for await (const page of request.method === 'HEAD' ? [] : pages()) {
      if (page.length === 0) continue;
      const items = JSON.stringify(page).slice(1, -1);
      yield first ? items : `,${items}`;
      first = false;
    }
    yield ']}';
  }
  return Readable.from(json(), { objectMode: false });
}
