const whole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const pence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** '£89', '£1,299.99': whole pounds show no pence. */
export function formatGBP(pounds: number): string {
  return Number.isInteger(pounds) ? whole.format(pounds) : pence.format(pounds);
}

export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function toPounds(pence: number): number {
  return pence / 100;
}
