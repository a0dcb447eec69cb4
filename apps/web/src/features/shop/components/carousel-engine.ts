import { CAROUSEL_AUTOPLAY_MS } from '@shop/shared';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';

/**
 * Embla's scroll duration is a spring setting, not milliseconds: at 19 a one-slide move settles
 * in about 600 ms (CAROUSEL_TRANSITION_MS) without overshooting. See docs/decisions/0015-product-carousel.md.
 */
export const EMBLA_DURATION_FOR_600MS = 19;

/**
 * The product carousel's engine on its viewport: infinite, autoplaying, pausing while the pointer or the focus is on
 * it. In a chunk of its own, loaded when the carousel comes near the screen (ProductCarousel.tsx), so a page that
 * never shows it never downloads it.
 */
export function startCarousel(viewport: HTMLElement): EmblaCarouselType {
  return EmblaCarousel(viewport, { loop: true, align: 'start', duration: EMBLA_DURATION_FOR_600MS }, [
    Autoplay({ delay: CAROUSEL_AUTOPLAY_MS, stopOnMouseEnter: true, stopOnInteraction: false, stopOnFocusIn: true }),
  ]);
}
