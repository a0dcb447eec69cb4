import { NotFoundMessage } from '../../components/NotFoundMessage.tsx';
import { useHead } from '../../lib/head.ts';

export default function NotFoundPage() {
  useHead({ title: 'Page not found | Mobile Shop UK', noindex: true });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <NotFoundMessage />
    </main>
  );
}
