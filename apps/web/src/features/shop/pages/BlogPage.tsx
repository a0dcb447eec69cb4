import { pageHeads } from '@shop/shared';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';

export default function BlogPage() {
  const shop = useShopInfo();
  useHead({
    ...pageHeads.blog(shop.shopname),
    canonicalPath: '/shop/blog',
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Blog</h1>
      <EmptyState>No posts yet</EmptyState>
    </div>
  );
}
