import { TOAST_AUTOCLOSE_MS } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastContainer position="top-center" autoClose={TOAST_AUTOCLOSE_MS} theme="dark" />
    </QueryClientProvider>
  );
}
