import { lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyPage {
  (): ReactElement;
  /** Loads the page's chunk; once loaded, the page is drawn at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in a chunk of its own, like React.lazy, that can also be loaded ahead: the browser starts loading the
 * chunk of a server-rendered page as it takes the page over (main.tsx), and a page whose chunk has arrived is
 * drawn at once, without suspending, so the page hydrates with the frame instead of after it.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = module.default;
    }));
  const Waiting = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = () => (Loaded ? <Loaded /> : <Waiting />);
  return Object.assign(Page, { preload });
}
