/**
 * '£89', '£1,299.99', '-£5': whole pounds show no pence. Written out rather than with Intl.NumberFormat,
 * whose first use costs a slow phone tens of milliseconds while a page comes to life, and which must give the
 * server and the browser the very same text.
 */
export function formatGBP(pounds: number): string {
  const pence = Math.round(Math.abs(pounds) * 100);
  const grouped = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const text = Number.isInteger(pounds) ? `£${grouped}` : `£${grouped}.${String(pence % 100).padStart(2, '0')}`;
  return pounds < 0 && pence > 0 ? `-${text}` : text;
}

export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function toPounds(pence: number): number {
  return pence / 100;
}
