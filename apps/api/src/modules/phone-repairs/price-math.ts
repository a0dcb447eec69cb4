import type { PriceRounding } from '@shop/shared';

/**
 * A bulk price change, worked out in whole pence (docs/decisions/0033-bulk-price-changes.md). The exact new price is
 * a fraction of a penny at most: old × (10,000 + basis points) / 10,000 for a percentage, old + pence for an amount.
 * It is then rounded once, half up: to the penny ('none'), to the pound ('whole'), or to the pound and then a penny
 * less ('99': £131.45 becomes £130.99, £131.60 becomes £131.99).
 */
export interface PriceRule {
  type: 'percent' | 'amount';
  /** Percent or pounds, signed: at most two decimal places. */
  value: number;
  round: PriceRounding;
}

/** n / d rounded half up to a multiple of `unit` (all integers, d > 0). */
function roundHalfUp(n: number, d: number, unit: number): number {
  return Math.floor((2 * n + d * unit) / (2 * d * unit)) * unit;
}

export function newPrice(pence: number, rule: PriceRule): number {
  const step = Math.round(rule.value * 100);
  const [n, d] = rule.type === 'percent' ? [pence * (10_000 + step), 10_000] : [pence + step, 1];
  if (rule.round === 'none') return roundHalfUp(n, d, 1);
  const pounds = roundHalfUp(n, d, 100);
  return rule.round === 'whole' ? pounds : pounds - 1;
}

/** How the change reads, e.g. '+10%', '-£5', '+£2.50, rounded to .99'. */
export function describeRule(rule: PriceRule): string {
  const sign = rule.value > 0 ? '+' : '-';
  const size = Math.abs(rule.value);
  const amount = rule.type === 'percent' ? `${sign}${size}%` : `${sign}£${Number.isInteger(size) ? size : size.toFixed(2)}`;
  return rule.round === 'none' ? amount : `${amount}, rounded to ${rule.round === 'whole' ? 'whole pounds' : '.99'}`;
}
