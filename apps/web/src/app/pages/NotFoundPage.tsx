import { pageHeads } from '@shop/shared';
import { NotFound } from '../../components/NotFound.tsx';
import { useHead } from '../../lib/head.ts';
import { useShopInfo } from '../../lib/shop-info.ts';

export default function NotFoundPage() {
  useHead({ title: pageHeads.notFound(useShopInfo().shopname).title, noindex: true });
  return <NotFound />;
}
