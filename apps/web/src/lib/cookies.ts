/**
 * The few cookies the browser's own code reads or sets: the server's signed-in hint, and the listing's page size and
 * view, which the server draws shop pages by (apps/api/src/plugins/web.ts).
 */

/** Whether the cookie `name` is set to `value` (never on the server, which has no document). */
export const hasCookie = (name: string, value: string) =>
  typeof document !== 'undefined' && document.cookie.split('; ').includes(`${name}=${value}`);

/** Sets a cookie for the whole shop: for the visit, or for `maxAgeSeconds`. */
export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  document.cookie = `${name}=${value}; path=/; samesite=lax${maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`}`;
}
