import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import type { CardProduct } from './ProductCard.tsx';
import { ProductGrid } from './ProductGrid.tsx';

/** Four products on phones (the 'View all' link leads to the rest), all of them from 640 px. */
const HOME_COLUMNS = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 max-sm:[&>li:nth-child(n+5)]:hidden';

interface Props {
  products: CardProduct[] | undefined;
  isPending: boolean;
  error: unknown;
  /** How many of the first images load at once (the section nearest the top of the page). */
  eagerCount?: number;
}

/** A home page grid with its states: spinner, the error, 'No data available', or the products. */
export function ProductSection({ products, isPending, error, eagerCount = 0 }: Props) {
  if (isPending) return <Spinner label="Loading products" />;
  if (error) return <EmptyState tone="error">{errorMessage(error, 'Error loading data')}</EmptyState>;
  if (!products || products.length === 0) return <EmptyState>No data available</EmptyState>;
  return <ProductGrid products={products} columns={HOME_COLUMNS} eagerCount={eagerCount} />;
}
