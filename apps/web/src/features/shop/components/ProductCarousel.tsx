import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { ProductCard, type CardProduct } from './ProductCard.tsx';

/** Slides shown: 4 from 992 px, 3 from 768 px, 2 from 576 px, 1 below. */
const SLIDE_WIDTHS = 'basis-full min-[576px]:basis-1/2 min-[768px]:basis-1/3 min-[992px]:basis-1/4';

/** Products in an infinite carousel with autoplay, dots and arrows; 'No products available' when there are none. */
export function ProductCarousel({ products, phone, label }: { products: CardProduct[]; phone: string; label: string }) {
  if (products.length === 0) return <EmptyState>No products available</EmptyState>;
  return <Carousel products={products} phone={phone} label={label} />;
}

/**
 * False until the element comes within a screen of the viewport: the carousel, at the foot of the home page, is set
 * up then (its engine is downloaded, Embla measures every slide, and autoplay has no one to show slides to before).
 * A page load that never scrolls down pays nothing for it.
 */
function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}

function Carousel({ products, phone, label }: { products: CardProduct[]; phone: string; label: string }) {
  const [region, near] = useNearViewport<HTMLDivElement>();
  const viewport = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  useEffect(() => {
    const element = viewport.current;
    if (!near || !element) return;
    let engine: EmblaCarouselType | undefined;
    let gone = false;
    const sync = () => {
      setSnaps(engine!.scrollSnapList());
      setSelected(engine!.selectedScrollSnap());
    };
    void import('./carousel-engine.ts').then(({ startCarousel }) => {
      if (gone) return;
      engine = startCarousel(element);
      engine.on('select', sync).on('reInit', sync);
      sync();
      setEmbla(engine);
    });
    return () => {
      gone = true;
      engine?.destroy();
    };
  }, [near]);

  const arrow = 'absolute top-1/3 z-10 rounded-full border border-slate-200 bg-white p-2.5 text-ink shadow-md hover:bg-brand-50';

  return (
    <div ref={region} aria-roledescription="carousel" aria-label={label} role="region" className="relative px-1">
      <div ref={viewport} className="overflow-hidden">
        <ul className="-ml-4 flex touch-pan-y">
          {products.map((product) => (
            <li key={product._id} className={`min-w-0 shrink-0 grow-0 pl-4 ${SLIDE_WIDTHS}`}>
              <ProductCard
                product={product}
                phone={phone}
                sizes="(min-width: 992px) 25vw, (min-width: 768px) 33vw, (min-width: 576px) 50vw, 100vw"
              />
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className={`${arrow} -left-2 sm:-left-4`} onClick={() => embla?.scrollPrev()}>
        <Icon name="chevronLeft" className="h-5 w-5" />
        <span className="sr-only">Previous products</span>
      </button>
      <button type="button" className={`${arrow} -right-2 sm:-right-4`} onClick={() => embla?.scrollNext()}>
        <Icon name="chevronRight" className="h-5 w-5" />
        <span className="sr-only">Next products</span>
      </button>
      {snaps.length > 1 && (
        <div className="mt-6 flex flex-wrap justify-center gap-1">
          {snaps.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              className="group rounded-full p-1.5"
              onClick={() => embla?.scrollTo(i)}
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${i === selected ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400'}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
