import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Toaster, useToastsWanted } from '../lib/toast.ts';

/** The query client of one page view in the browser, or of one rendering on the server (no retries there). */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: server ? false : 1 } },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const toasts = useToastsWanted();
  return (
    <QueryClientProvider client={client}>
      {children}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
