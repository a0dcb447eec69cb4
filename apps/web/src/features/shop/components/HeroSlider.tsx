import { HOME_SLIDER_INTERVAL_MS } from '@shop/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from '../../../components/layout/Icon.tsx';
import { FORCED_DOT, useHeld, useStopped } from './use-held.ts';

export interface HeroSlide {
  id: string;
  title: string;
  text: string;
  action: ReactNode;
  art: ReactNode;
  tone: string;
}

/** Next and previous slide indexes, wrapping around at the ends. */
export const nextIndex = (i: number, count: number) => (i + 1) % count;
export const prevIndex = (i: number, count: number) => (i - 1 + count) % count;

/**
 * The home page hero: moves every 4 seconds, pauses while the pointer is over it or focus is in
 * it (and on its pause button), has previous and next arrows, and wraps around at the ends.
 *
 * This drives it where the browser draws the page itself. On a page the server rendered, it is never hydrated:
 * public/boot.js moves the server's slides (every `data-slides-every` ms, holding them likewise, and at once when an
 * arrow (`data-step`), a dot (`data-dot`) or the pause button (`data-pause`) is tapped), setting what this component
 * would draw: the track's transform, each slide's `aria-hidden` and `inert`, each dot's `aria-current`, and the pause
 * button's icon and name. The name says what a press does, as the ARIA carousel pattern has it, so the button is not
 * also a pressed toggle (a screen reader would read "Play slides, pressed").
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [visited, onVisit] = useHeld();
  const [stopped, toggleStopped] = useStopped();
  const paused = visited || stopped;
  const count = slides.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextIndex(i, count)), HOME_SLIDER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  const arrow = 'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/90 p-2 text-ink shadow-md hover:bg-white sm:p-3';

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-slides-every={HOME_SLIDER_INTERVAL_MS}
      className="relative overflow-hidden"
      {...onVisit}
    >
      <div
        className="flex transition-transform duration-700 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className={`w-full shrink-0 ${slide.tone}`}
          >
            <div className="mx-auto grid min-h-[22rem] max-w-7xl items-center gap-6 px-14 py-10 sm:px-20 md:min-h-[26rem] md:grid-cols-2">
              <div className="text-white">
                <h2 className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">{slide.title}</h2>
                <p className="mt-4 max-w-md text-base text-white/90 sm:text-lg">{slide.text}</p>
                <div className="mt-6">{slide.action}</div>
              </div>
              <div className="hidden justify-center md:flex">{slide.art}</div>
            </div>
          </div>
        ))}
      </div>
      <button
        type="button"
        data-needs-script=""
        data-step="-1"
        className={`${arrow} left-2 sm:left-4`}
        onClick={() => setIndex((i) => prevIndex(i, count))}
      >
        <Icon name="chevronLeft" className="h-5 w-5" />
        <span className="sr-only">Previous slide</span>
      </button>
      <button
        type="button"
        data-needs-script=""
        data-step="1"
        className={`${arrow} right-2 sm:right-4`}
        onClick={() => setIndex((i) => nextIndex(i, count))}
      >
        <Icon name="chevronRight" className="h-5 w-5" />
        <span className="sr-only">Next slide</span>
      </button>
      <div className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-1" data-needs-script="">
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === index ? 'true' : undefined}
            data-dot=""
            className="group rounded-full p-1.5"
            onClick={() => setIndex(i)}
          >
            {/* Drawn from the button's aria-current, which is all boot.js's slider sets; in the system's colours when
                the visitor forces them (a background alone would vanish). Its width changes at once and only its
                opacity fades, which the compositor draws: a width or colour transition is laid out and painted again
                on the main thread each frame (docs/decisions/0053). */}
            <span
              aria-hidden="true"
              className={`block h-2.5 w-2.5 rounded-full bg-white opacity-60 transition-opacity group-hover:opacity-80 group-aria-[current=true]:w-7 group-aria-[current=true]:opacity-100 forced-colors:opacity-100 ${FORCED_DOT}`}
            />
          </button>
        ))}
        <button
          type="button"
          className="ml-2 rounded-full bg-white/90 p-1.5 text-ink hover:bg-white"
          data-pause=""
          onClick={toggleStopped}
        >
          <Icon name={stopped ? 'play' : 'pause'} className="h-3.5 w-3.5" />
          <span className="sr-only">{stopped ? 'Play slides' : 'Pause slides'}</span>
        </button>
      </div>
    </section>
  );
}
