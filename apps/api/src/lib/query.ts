import querystring from 'fast-querystring';

/**
 * Fastify's own query parser (its router's default), set on the server in app.ts so that a read in process
 * (plugins/in-process-reads.ts) parses its query exactly as one over HTTP.
 */
export const parseQuery = (search: string): Record<string, unknown> => (search.length === 0 ? {} : querystring.parse(search));

/**
 * Where an address's query starts, as Fastify's router reads it: at its first '?' or '#' (a client may send a '#'),
 * or -1 when it has none.
 */
export const queryStart = (url: string) => url.search(/[?#]/);

/** The pairs of `url`'s query, each as it was written, whose names (as the parser reads them) `names` holds or not. */
function pairsOf(url: string, names: readonly string[], named: boolean): string[] {
  const at = queryStart(url);
  if (at < 0) return [];
  // Each name as the parser reads it ('%71' and 'q' are one parameter).
  return url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '' && Object.keys(parseQuery(pair)).some((name) => names.includes(name)) === named);
}

/**
 * `url` with only the query parameters named in `names`, each as it was written and in its place: the address of
 * what a page or a read answers when it reads only those. A campaign's parameters (utm_source, fbclid) or made-up
 * ones then find the answer already kept instead of making it again and pushing others out of the read cache.
 */
export function withOnlyParams(url: string, names: readonly string[]): string {
  const at = queryStart(url);
  if (at < 0) return url;
  const kept = pairsOf(url, names, true);
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

/**
 * `to` followed by the query parameters of `from` that `names` does not name, as they were written: where a page
 * that reads `names` sends a visitor, keeping what it does not read (a campaign's utm_source) for whoever does.
 */
export function withOtherParams(to: string, from: string, names: readonly string[]): string {
  const others = pairsOf(from, names, false);
  if (others.length === 0) return to;
  return `${to}${queryStart(to) < 0 ? '?' : '&'}${others.join('&')}`;
}
