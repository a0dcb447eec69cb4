import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keys } from '../../../lib/catalogue.ts';
import { adminKeys } from '../api/keys.ts';
import { REPAIR_PRICES_CHANGED } from './repair-mutations.ts';

describe('REPAIR_PRICES_CHANGED', () => {
  it('refreshes the repair lists and the lists of what has no repair price, and leaves the other product lists', async () => {
    const client = new QueryClient();
    const lists = {
      repairs: adminKeys.repairList({ page: 1, q: '', fix: '' }),
      phonesWithout: adminKeys.productList({ page: 2, q: 'galaxy', fix: 'no-repair-prices' }),
      brandsWithout: adminKeys.modelsWithFix('no-repair-prices'),
      products: adminKeys.productList({ page: 1, q: '', fix: '' }),
      brands: keys.models,
    };
    for (const key of Object.values(lists)) client.setQueryData(key, []);
    await Promise.all(REPAIR_PRICES_CHANGED.map((queryKey) => client.invalidateQueries({ queryKey })));
    const stale = (key: readonly unknown[]) => client.getQueryState(key)!.isInvalidated;
    expect(stale(lists.repairs)).toBe(true);
    expect(stale(lists.phonesWithout)).toBe(true);
    expect(stale(lists.brandsWithout)).toBe(true);
    expect(stale(lists.products)).toBe(false);
    expect(stale(lists.brands)).toBe(false);
  });
});
