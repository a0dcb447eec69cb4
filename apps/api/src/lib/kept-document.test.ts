import { describe, expect, it } from 'vitest';
import { keptDocument } from './kept-document.ts';

function setup() {
  const state = { generation: 0, time: 0, builds: 0, fail: false };
  const read = keptDocument(
    async () => {
      state.builds++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (state.fail) throw new Error('database gone');
      return `document ${state.builds}`;
    },
    { generation: () => state.generation, maxAgeMs: 60_000, now: () => state.time },
  );
  return { state, read };
}

describe('keptDocument', () => {
  it('builds once for the requests that arrive together, and keeps the document for those after them', async () => {
    const { state, read } = setup();
    expect(await Promise.all([read(), read(), read()])).toEqual(['document 1', 'document 1', 'document 1']);
    state.time = 59_999;
    expect(await read()).toBe('document 1');
    expect(state.builds).toBe(1);
  });

  it('builds again after a write that changes public reads, and once the document is too old', async () => {
    const { state, read } = setup();
    await read();
    state.generation++;
    expect(await read()).toBe('document 2');
    state.time = 60_000;
    expect(await read()).toBe('document 3');
  });

  it('keeps no failed build: the next request tries again', async () => {
    const { state, read } = setup();
    state.fail = true;
    await expect(read()).rejects.toThrow('database gone');
    state.fail = false;
    expect(await read()).toBe('document 2');
  });
});
