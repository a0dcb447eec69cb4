import { describe, expect, it } from 'vitest';
import { everyRecord, pagesAfter, type ListCursor } from './every-record.ts';

type Row = { created_at: string; id: string };

/** A list's rows newest first, as a page query reads them after a cursor; `pagesRead` counts the queries. */
function list(rows: Row[]) {
  const table = { rows, pagesRead: 0 };
  const page = async (after: ListCursor, size: number) => {
    table.pagesRead++;
    const sorted = [...table.rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    const from = after
      ? sorted.filter((r) => r.created_at < after.created_at || (r.created_at === after.created_at && r.id < after.id))
      : sorted;
    return from.slice(0, size);
  };
  return { table, page };
}

const rowsAt = (n: number, at = '2026-11-28T10:00:00.000Z') =>
  Array.from({ length: n }, (_, i) => ({ created_at: at, id: `r${String(i).padStart(5, '0')}` }));

describe('every record of a list', () => {
  it('reads the list a thousand rows at a time after the last row read, each row once, ties broken by id', async () => {
    const { table, page } = list(rowsAt(2500));
    const pages: Row[][] = [];
    for await (const rows of pagesAfter(page)) pages.push(rows);
    expect(pages.map((p) => p.length)).toEqual([1000, 1000, 500]);
    const ids = pages.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(table.pagesRead).toBe(3);
  });

  it('sends no row twice and skips none that stays, when rows are added and deleted between pages', async () => {
    const { table, page } = list(rowsAt(2000));
    const sent: string[] = [];
    for await (const rows of pagesAfter(page)) {
      sent.push(...rows.map((r) => r.id));
      if (table.pagesRead === 1) {
        // A new row (newest of all) and a deleted one not yet sent.
        table.rows.push({ created_at: '2026-11-28T11:00:00.000Z', id: 'new' });
        table.rows = table.rows.filter((r) => r.id !== 'r00010');
      }
    }
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).not.toContain('new');
    expect(sent).not.toContain('r00010');
    expect(sent).toHaveLength(1999);
  });

  it('ends the list at a page short of a thousand, or an empty one', async () => {
    const empty = list([]);
    const pages: Row[][] = [];
    for await (const rows of pagesAfter(empty.page)) pages.push(rows);
    expect(pages).toEqual([]);
    expect(empty.table.pagesRead).toBe(1);
    const exact = list(rowsAt(1000));
    let count = 0;
    for await (const rows of pagesAfter(exact.page)) count += rows.length;
    expect(count).toBe(1000);
    expect(exact.table.pagesRead).toBe(2);
  });

  it('writes the same JSON as the answer built whole, whatever the pages', async () => {
    async function* pages(...lists: unknown[][]) {
      yield* lists;
    }
    const items = [{ a: 1, text: 'quote " and \u2028' }, { b: [1, 2] }, { c: null }];
    const text = async (...lists: unknown[][]) =>
      Buffer.concat(await everyRecord('fetchThings', {}, () => pages(...lists)).toArray()).toString();
    const whole = JSON.stringify({ success: true, fetchThings: items });
    expect(await text([items[0]], [], [items[1], items[2]])).toBe(whole);
    expect(await text(items)).toBe(whole);
    expect(await text()).toBe(JSON.stringify({ success: true, fetchThings: [] }));
  });

  it('reads no page for a HEAD', async () => {
    const { table, page } = list(rowsAt(2500));
    const text = Buffer.concat(await everyRecord('fetchThings', { method: 'HEAD' }, () => pagesAfter(page)).toArray()).toString();
    expect(text).toBe('{"success":true,"fetchThings":[]}');
    expect(table.pagesRead).toBe(0);
  });

  it('stops reading pages when the stream is destroyed, as when the client goes away', async () => {
    const { table, page } = list(rowsAt(5000));
    const stream = everyRecord('fetchThings', { method: 'GET' }, () => pagesAfter(page));
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(table.pagesRead).toBeLessThanOrEqual(2);
  });
});
