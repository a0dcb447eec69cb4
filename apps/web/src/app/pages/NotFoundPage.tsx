import { NotFound } from '../../components/NotFound.tsx';
import { useHead } from '../../lib/head.ts';

export default function NotFoundPage() {
  useHead({ title: 'Page not found | Mobile Shop UK', noindex: true });
  return (
    <main className="min-h-screen">
      <NotFound />
    </main>
  );
}
