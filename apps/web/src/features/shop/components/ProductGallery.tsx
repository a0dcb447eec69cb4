import { PRODUCT_ZOOM_SCALE, type ProductImage as Picture } from '@shop/shared';
import { useState, type MouseEvent } from 'react';
import { ProductImage } from './ProductImage.tsx';

/**
 * The main image (its alt text the owner's, or one made from the name and colour) with a 1.5x zoom that follows the
 * pointer, and a thumbnail per image to switch to it. The first image, the cover, shows first.
 */
export function ProductGallery({ images, name }: { images: Picture[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const image = images[current] ?? images[0];

  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setZoom({ x: ((e.clientX - box.left) / box.width) * 100, y: ((e.clientY - box.top) / box.height) * 100 });
  };

  return (
    <div className="flex flex-col gap-4">
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
          <ProductImage
            image={image}
            alt={image?.alt || name}
            sizes="(min-width: 1024px) 600px, 100vw"
            eager
            className="aspect-square w-full object-contain p-6"
          />
        </div>
      </div>
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-3" aria-label="Product images">
          {images.map((img, i) => (
            <li key={img.secure_url}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                onClick={() => setCurrent(i)}
                className={`overflow-hidden rounded-xl border-2 bg-slate-50 p-1 ${i === current ? 'border-brand-600' : 'border-slate-200 hover:border-slate-400'}`}
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
