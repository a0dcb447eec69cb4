/**
 * Server rendering of the shop's pages (built with `vite build --ssr` into dist/.server/, loaded by the server's web
 * plugin): each page arrives as HTML, and the browser hydrates only its interactive parts, each alone (islands.tsx,
 * docs/decisions/0040-islands.md).
 */
import {
  SHOP_PAGE_SIZE,
  SHOP_PAGE_SIZE_MOBILE,
  statusSince,
  statusUntil,
  type AppDetailsResponse,
  type EnquiryFormState,
} from '@shop/shared';
import type { Query } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/App.tsx';
import { IslandsContext } from './app/island.tsx';
import { createQueryClient } from './app/providers.tsx';
import { RENDER_STATE_ID, type RenderHints, type RenderState } from './app/render-hints.ts';
import { setTransport } from './lib/api.ts';
import { RenderedAtContext } from './lib/now.ts';
import { sessionKey } from './lib/session.ts';
import { appDetailsKey, shopInfoOf } from './lib/shop-info.ts';

/** Enough for the deepest chain of data a shop page waits on (brands, then the listing that needs them). */
const MAX_PASSES = 4;

export interface RenderOptions {
  /** Answers the app's API calls in process, exactly as the network would (no cookies: every page is rendered as a visitor sees it). */
  transport: (url: string, init: RequestInit) => Promise<Response>;
  /** Whether the request came from a phone, which gets the mobile page size. */
  mobile: boolean;
  /** Whether the device chose the listing's list view. */
  list?: boolean;
  /** The contact form the browser sent itself and the server refused, drawn with what was typed and why. */
  enquiry?: EnquiryFormState | undefined;
  /** The time now (epoch milliseconds), by default the clock's. */
  now?: number;
}

export type Rendered =
  | {
      /** The app's HTML, for inside the root element. */
      html: string;
      /** A script element with the shop's identity and the hints the HTML was rendered from, for its islands. */
      state: string;
      /** The instant (epoch milliseconds) what the page shows by the clock changes, when the shop has hours. */
      until?: number;
    }
  /** The page is another address's (a listing page past the last): the server redirects there, for now. */
  | { redirect: string };

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

/**
 * The script element a page's shop and hints travel in, for islands.tsx (or main.tsx, drawing the page itself); with
 * `until`, the instant what the page shows by the clock changes, at which boot.js starts the app of a page left open.
 */
const stateScript = (state: RenderState, until?: number) =>
  `<script type="application/json" id="${RENDER_STATE_ID}"${until === undefined ? '' : ` data-until="${until}"`}>${scriptJson(state)}</script>`;

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
  let redirect: string | undefined;
  const hints: RenderHints = {
    pageSize: options.mobile ? SHOP_PAGE_SIZE_MOBILE : SHOP_PAGE_SIZE,
    view: options.list ? 'list' : 'grid',
    ...(options.enquiry ? { enquiry: options.enquiry } : {}),
    replace: (url) => (redirect = url),
  };
  const now = options.now ?? Date.now();
  // What the page shows by the clock (the opening status) is rendered for the start of the shop's status, known once
  // its hours are in: a page's bytes stay the same until the status changes, not only for the second it was rendered.
  const shopOf = () => shopInfoOf(client.getQueryData<AppDetailsResponse>(appDetailsKey));
  const app = (at: number | null) => (
    <IslandsContext value={true}>
      <RenderedAtContext value={at}>
        <App client={client} hints={hints} location={url} />
      </RenderedAtContext>
    </IslandsContext>
  );
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { hours } = shopOf();
    const at = hours ? statusSince(hours, now) : null;
    const html = await toHtml(app(at));
    const cache = client.getQueryCache();
    if (cache.findAll({ predicate: (q) => q.state.status === 'error' }).length) return null;
    const wanted = cache.findAll({
      predicate: (q) =>
        q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.queryKey[0] !== sessionKey[0] && isEnabled(q),
    });
    if (wanted.length === 0) {
      if (redirect) return { redirect };
      const until = hours ? statusUntil(hours, now) : undefined;
      return { html, state: stateScript({ shop: shopOf(), ...(at === null ? {} : { at }) }, until), until };
    }
    // No retries here: a failed call makes the browser draw the page itself, which retries as it always does.
    await Promise.all(wanted.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined)));
  }
  return null;
}
