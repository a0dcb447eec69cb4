import type { AppDetailsResponse } from '@shop/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { api } from '../lib/api.ts';
import { appDetailsKey, ShopInfoContext, shopInfoOf } from '../lib/shop-info.ts';
import { Toaster, useToastsWanted } from '../lib/toast.ts';

/** The query client of one page view in the browser, or of one rendering on the server (no retries there). */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: server ? false : 1 } },
  });
}

/** The shop settings' query, the first record's identity given to every part of the app that shows it. */
export function ShopInfoFromData({ children }: { children: ReactNode }) {
  const { data } = useQuery({
    queryKey: appDetailsKey,
    queryFn: ({ signal }) => api<AppDetailsResponse>('/appdetail/getall', { signal }),
    staleTime: 5 * 60_000,
  });
  const info = useMemo(() => shopInfoOf(data), [data]);
  return <ShopInfoContext value={info}>{children}</ShopInfoContext>;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const toasts = useToastsWanted();
  return (
    <QueryClientProvider client={client}>
      <ShopInfoFromData>{children}</ShopInfoFromData>
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
