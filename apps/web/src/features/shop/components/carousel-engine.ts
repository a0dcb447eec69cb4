import { CAROUSEL_AUTOPLAY_MS } from '@shop/shared';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';

/**
 * Embla's scroll duration is a spring setting, not milliseconds: at 19 a one-slide move settles
 * in about 600 ms (CAROUSEL_TRANSITION_MS) without overshooting. See docs/decisions/0015-product-carousel.md.
 */
export const EMBLA_DURATION_FOR_600MS = 19;

/**
 * The product carousel's engine on its viewport: infinite and autoplaying. Autoplay stops when a finger or the mouse
 * drags it and is held or let go by holdCarousel alone (after each re-init too, which restarts it), so a visitor's
 * pause outlasts the pointer leaving and the window turning. In a chunk
 * of its own, loaded when the carousel comes near the screen (ProductCarousel.tsx), so a page that never shows it
 * never downloads it.
 */
export function startCarousel(viewport: HTMLElement): EmblaCarouselType {
  return EmblaCarousel(viewport, { loop: true, align: 'start', duration: EMBLA_DURATION_FOR_600MS }, [
    Autoplay({ delay: CAROUSEL_AUTOPLAY_MS, stopOnInteraction: true }),
  ]);
}

/** Holds the carousel's autoplay, or lets it go on from where it is (nothing moves with all products in view). */
export function holdCarousel(engine: EmblaCarouselType, held: boolean): void {
  const autoplay = engine.plugins().autoplay;
  if (!autoplay || engine.scrollSnapList().length <= 1) return;
  if (held) autoplay.stop();
  else if (!autoplay.isPlaying()) autoplay.play();
}
