import { formatGBP, shopPath, type Product } from '@shop/shared';
import { Icon } from '../../../components/layout/Icon.tsx';
import { CallToBuy } from './CallToBuy.tsx';
import { ProductImage } from './ProductImage.tsx';

export type CardLayout = 'grid' | 'list';

/** What a card shows of a product: all a part of a page sent as islands is handed of it. */
export type CardProduct = Pick<Product, '_id' | 'productname' | 'price' | 'description' | 'images'>;

/** A product as its card shows it: its first picture only. */
export const cardProduct = ({ _id, productname, price, description, images }: CardProduct): CardProduct => ({
  _id,
  productname,
  price,
  description,
  images: images.slice(0, 1),
});

interface Props {
  product: CardProduct;
  phone: string;
  layout?: CardLayout;
  /** The image's `sizes` for the grid it sits in. */
  sizes?: string;
  eager?: boolean;
}

/**
 * A product card: the whole card opens the product page (a stretched link on the name), while
 * 'Call For Purchase' sits above that link and only dials the shop (joined by an enquiry button while it is closed).
 */
export function ProductCard({
  product,
  phone,
  layout = 'grid',
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
  eager,
}: Props) {
  const list = layout === 'list';
  return (
    <article
      className={`group relative flex h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg ${
        list ? 'flex-col sm:flex-row' : 'flex-col'
      }`}
    >
      <div className={`bg-slate-50 p-4 ${list ? 'sm:w-56 sm:shrink-0' : ''}`}>
        <ProductImage
          image={product.images[0]}
          alt={product.images[0]?.alt || product.productname}
          sizes={list ? '(min-width: 640px) 224px, 100vw' : sizes}
          eager={eager}
          className="mx-auto aspect-square w-full object-contain transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base font-semibold text-ink">
          <a
            href={shopPath('product', { id: product._id })}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
          >
            {product.productname}
          </a>
        </h3>
        <p className="text-lg font-bold text-brand-700">{formatGBP(product.price)}</p>
        <p className={`text-sm text-slate-600 ${list ? 'line-clamp-3' : 'line-clamp-2'}`}>{product.description}</p>
        <div className="mt-auto pt-2">
          <CallToBuy
            compact
            phone={phone}
            subject={{ kind: 'enquiry', productId: product._id, product: product.productname }}
            className="min-w-0 flex-1 text-sm whitespace-nowrap sm:flex-none"
          >
            <Icon name="phone" />
            Call For Purchase
          </CallToBuy>
        </div>
      </div>
    </article>
  );
}
