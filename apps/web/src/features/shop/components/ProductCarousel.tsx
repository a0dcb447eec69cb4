import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { ProductCard, type CardProduct } from './ProductCard.tsx';
import { FORCED_DOT, useHeld, useStopped } from './use-held.ts';

/** Slides shown: 4 from 992 px, 3 from 768 px, 2 from 576 px, 1 below. */
const SLIDE_WIDTHS = 'basis-full min-[576px]:basis-1/2 min-[768px]:basis-1/3 min-[992px]:basis-1/4';

/**
 * Products in an infinite carousel with autoplay, dots and arrows; 'No products available' when there are none. It
 * holds while the pointer or the focus is on its products, and a pause button stops it until pressed again (WCAG
 * 2.2.2).
 */
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
  const [carousel, setCarousel] = useState<{ engine: EmblaCarouselType; hold: (held: boolean) => void }>();
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [visited, onVisit] = useHeld();
  const [stopped, toggleStopped] = useStopped();
  const held = visited || stopped;
  const heldNow = useRef(held);

  useEffect(() => {
    const element = viewport.current;
    if (!near || !element) return;
    let engine: EmblaCarouselType | undefined;
    let gone = false;
    const sync = () => {
      setSnaps(engine!.scrollSnapList());
      setSelected(engine!.selectedScrollSnap());
    };
    void import('./carousel-engine.ts').then(({ startCarousel, holdCarousel }) => {
      if (gone) return;
      const started = startCarousel(element);
      const hold = (on: boolean) => holdCarousel(started, on);
      engine = started;
      // A drag stops autoplay, and a re-init (the window resized) starts it again: after either, it plays unless held.
      engine
        .on('select', sync)
        .on('reInit', () => {
          sync();
          hold(heldNow.current);
        })
        .on('pointerUp', () => hold(heldNow.current));
      hold(heldNow.current);
      sync();
      setCarousel({ engine, hold });
    });
    return () => {
      gone = true;
      engine?.destroy();
    };
  }, [near]);

  useEffect(() => {
    heldNow.current = held;
    carousel?.hold(held);
  }, [carousel, held]);

  const arrow = 'absolute top-1/3 z-10 rounded-full border border-slate-200 bg-white p-2.5 text-ink shadow-md hover:bg-brand-50';

  return (
    <div ref={region} aria-roledescription="carousel" aria-label={label} role="region" className="relative px-1">
      {/* The products hold it while the pointer or focus is on them; its controls do not, so Play plays at once. */}
      <div ref={viewport} className="overflow-hidden" data-scrolls-without-script="" {...onVisit}>
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
      <button
        type="button"
        data-needs-script=""
        className={`${arrow} -left-2 sm:-left-4`}
        onClick={() => carousel?.engine.scrollPrev()}
      >
        <Icon name="chevronLeft" className="h-5 w-5" />
        <span className="sr-only">Previous products</span>
      </button>
      <button
        type="button"
        data-needs-script=""
        className={`${arrow} -right-2 sm:-right-4`}
        onClick={() => carousel?.engine.scrollNext()}
      >
        <Icon name="chevronRight" className="h-5 w-5" />
        <span className="sr-only">Next products</span>
      </button>
      {snaps.length > 1 && (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-1" data-needs-script="">
          {snaps.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              className="group rounded-full p-1.5"
              onClick={() => carousel?.engine.scrollTo(i)}
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-colors ${i === selected ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400'} ${FORCED_DOT}`}
              />
            </button>
          ))}
          <button
            type="button"
            className="ml-2 rounded-full border border-slate-300 bg-white p-1.5 text-ink hover:bg-slate-50"
            onClick={toggleStopped}
          >
            <Icon name={stopped ? 'play' : 'pause'} className="h-3.5 w-3.5" />
            <span className="sr-only">{stopped ? 'Play products' : 'Pause products'}</span>
          </button>
        </div>
      )}
    </div>
  );
}
