import { useShopInfo } from '../../../lib/shop-info.ts';
import { ProductCard, type CardLayout, type CardProduct } from './ProductCard.tsx';

const layouts: Record<CardLayout, string> = {
  grid: 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
  list: 'flex flex-col gap-4',
};

/** Products as cards in a grid or a list; the first `eagerCount` images (a phone's first screen) load at once. */
export function ProductGrid({
  products,
  layout = 'grid',
  columns,
  eagerCount = 0,
}: {
  products: CardProduct[];
  layout?: CardLayout;
  columns?: string;
  eagerCount?: number;
}) {
  const shop = useShopInfo();
  return (
    <ul className={columns ?? layouts[layout]}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            phone={shop.phoneno}
            layout={layout}
            eager={i < eagerCount}
            sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          />
        </li>
      ))}
    </ul>
  );
}
