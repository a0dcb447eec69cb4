import type { ImageAsset } from '@shop/shared';

interface Props {
  image: ImageAsset | undefined;
  alt: string;
  sizes: string;
  /**
   * Fetched at once, ahead of the page's other pictures: the one picture a phone shows first, at most one a page
   * (docs/decisions/0051-one-picture-first.md).
   */
  eager?: boolean;
  className?: string;
}

/** A product image at the width the layout needs (srcset + sizes), sized up front so nothing jumps. */
export function ProductImage({ image, alt, sizes, eager = false, className = '' }: Props) {
  if (!image) {
    return (
      <div role="img" aria-label={alt} className={`flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-1/3 w-1/3">
          <rect x="6" y="2" width="12" height="20" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="12" cy="18" r="1" fill="currentColor" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={image.secure_url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width || undefined}
      height={image.height || undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
