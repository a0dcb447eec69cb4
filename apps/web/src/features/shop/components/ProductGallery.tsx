import { PRODUCT_ZOOM_SCALE, type ProductImage as Picture } from '@shop/shared';
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { takeOver } from '../../../lib/take-over.ts';
import { ProductImage } from './ProductImage.tsx';

/**
 * The main image (its alt text the owner's, or one made from the name and colour) with a 1.5x zoom that follows the
 * pointer, and a thumbnail per image to switch to it. The first image, the cover, shows first; the others are in the
 * page, hidden, and fetched when first shown.
 *
 * Until the app has hydrated it, public/boot.js answers a thumbnail (`data-show-image`) at once as this would: the
 * picture (`data-picture`) it names shown and the others hidden, and its `aria-pressed`. Once hydrated, this takes
 * over at that picture.
 */
export function ProductGallery({ images, name }: { images: Picture[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const gallery = useRef<HTMLDivElement>(null);

  // Go on from the picture boot.js shows.
  useLayoutEffect(() => {
    const shown = takeOver(gallery.current!, '[data-show-image]', (thumb) => thumb.getAttribute('aria-pressed') === 'true');
    if (shown > 0) setCurrent(shown);
  }, []);

  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setZoom({ x: ((e.clientX - box.left) / box.width) * 100, y: ((e.clientY - box.top) / box.height) * 100 });
  };
  const main = 'aspect-square w-full object-contain p-6';

  return (
    <div ref={gallery} data-gallery="" className="flex flex-col gap-4">
      <div
        className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50"
        onMouseMove={onMove}
        onMouseLeave={() => setZoom(null)}
        data-zoomed={zoom ? 'true' : undefined}
      >
        <div
          className="transition-transform duration-200 ease-out"
          style={{
            transform: zoom ? `scale(${PRODUCT_ZOOM_SCALE})` : undefined,
            transformOrigin: zoom ? `${zoom.x}% ${zoom.y}%` : undefined,
          }}
        >
          {images.length === 0 ? (
            <ProductImage image={undefined} alt={name} sizes="" className={main} />
          ) : (
            images.map((image, i) => (
              <div key={image.secure_url} data-picture="" hidden={i !== current}>
                <ProductImage
                  image={image}
                  alt={image.alt || name}
                  sizes="(min-width: 1024px) 600px, 100vw"
                  eager={i === 0}
                  className={main}
                />
              </div>
            ))
          )}
        </div>
      </div>
      {images.length > 1 && (
        // Without JavaScript the thumbnails go, and every picture shows (index.html).
        <ul className="flex flex-wrap gap-3" aria-label="Product images" data-needs-script="">
          {images.map((img, i) => (
            <li key={img.secure_url}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                data-show-image={i}
                onClick={() => setCurrent(i)}
                className="overflow-hidden rounded-xl border-2 border-slate-200 bg-slate-50 p-1 hover:border-slate-400 aria-pressed:border-brand-600"
              >
                <ProductImage image={img} alt="" sizes="80px" className="h-16 w-16 object-contain sm:h-20 sm:w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
