/**
 * Loading another page as a document: how the parts of a shop page sent as islands go anywhere (they have no router),
 * in one place that tests can stand in for.
 */
export function openPage(url: string): void {
  window.location.assign(url);
}

/** The same, in place of this page in the history: where the address was wrong or the visit is over. */
export function replacePage(url: string): void {
  window.location.replace(url);
}
