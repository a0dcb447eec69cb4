import { useHead } from '../../../lib/head.ts';

export default function ProductPage() {
  useHead({ title: 'Product | Mobile Shop UK' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold text-ink">Product</h1>
    </div>
  );
}
