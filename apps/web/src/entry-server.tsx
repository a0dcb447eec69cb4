/**
 * Server rendering of the shop's pages (built with `vite build --ssr` into dist/.server/, loaded by the server's web
 * plugin): the first screen arrives as HTML with its data, and the browser takes it over (main.tsx) instead
 * of drawing it from nothing.
 */
import {
  SHOP_PAGE_SIZE,
  SHOP_PAGE_SIZE_MOBILE,
  matchShopPage,
  type AppDetailsResponse,
  type EnquiryFormState,
} from '@shop/shared';
import { dehydrate, type Query } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/App.tsx';
import { IslandsContext } from './app/island.tsx';
import { ISLAND_PAGES } from './app/islands.ts';
import { createQueryClient } from './app/providers.tsx';
import { RENDER_STATE_ID, withoutLoadTimes, type RenderHints, type RenderState } from './app/render-hints.ts';
import { setTransport } from './lib/api.ts';
import { sessionKey } from './lib/session.ts';
import { appDetailsKey, shopInfoOf } from './lib/shop-info.ts';

/** Enough for the deepest chain of data a shop page waits on (brands, then the listing that needs them). */
const MAX_PASSES = 4;

export interface RenderOptions {
  /** Answers the app's API calls in process, exactly as the network would (no cookies: every page is rendered as a visitor sees it). */
  transport: (url: string, init: RequestInit) => Promise<Response>;
  /** Whether the request came from a phone, which gets the mobile page size. */
  mobile: boolean;
  /** The contact form the browser sent itself and the server refused, drawn with what was typed and why. */
  enquiry?: EnquiryFormState | undefined;
}

export interface Rendered {
  /** The app's HTML, for inside the root element. */
  html: string;
  /** A script element with the data and hints the HTML was rendered from. */
  state: string;
  /** Sent as islands (app/islands.ts), each hydrated alone by islands.tsx, rather than taken over whole by main.tsx. */
  islands: boolean;
}

async function toHtml(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

/** JSON that is safe inside a script element: no "<" can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The script element a page's data and hints travel in, for main.tsx. */
const stateScript = (state: RenderState) =>
  `<script type="application/json" id="${RENDER_STATE_ID}">${scriptJson(state)}</script>`;

/**
 * The hints alone, for a page the server could not render, which the browser draws itself: a contact form the
 * server refused is drawn with what the visitor typed, even then.
 */
export const hintsOnly = (hints: RenderHints) => stateScript({ hints });

/**
 * Renders `url` (a shop page) with its data. Each pass renders the page, then loads the queries it asked for
 * and did not have; the session is never loaded, so the page is the signed-out one and the browser checks
 * the session itself. Null when the page could not be rendered as the browser would draw it (a call failed):
 * the browser then draws it alone, as it does without server rendering.
 */
export async function render(url: string, options: RenderOptions): Promise<Rendered | null> {
  setTransport(options.transport);
  const client = createQueryClient({ server: true });
  const hints: RenderHints = {
    pageSize: options.mobile ? SHOP_PAGE_SIZE_MOBILE : SHOP_PAGE_SIZE,
    ...(options.enquiry ? { enquiry: options.enquiry } : {}),
  };
  const page = matchShopPage(new URL(url, 'http://shop.invalid').pathname)?.page;
  const islands = page !== undefined && ISLAND_PAGES.has(page);
  const app = (
    <IslandsContext value={islands}>
      <App client={client} hints={hints} location={url} />
    </IslandsContext>
  );
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const html = await toHtml(app);
    const cache = client.getQueryCache();
    if (cache.findAll({ predicate: (q) => q.state.status === 'error' }).length) return null;
    const wanted = cache.findAll({
      predicate: (q) =>
        q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.queryKey[0] !== sessionKey[0] && isEnabled(q),
    });
    if (wanted.length === 0) {
      const state: RenderState = islands
        ? { shop: shopInfoOf(client.getQueryData<AppDetailsResponse>(appDetailsKey)), hints }
        : { queries: withoutLoadTimes(dehydrate(client)), hints };
      return { html, state: stateScript(state), islands };
    }
    // No retries here: a failed call makes the browser draw the page itself, which retries as it always does.
    await Promise.all(wanted.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined)));
  }
  return null;
}
