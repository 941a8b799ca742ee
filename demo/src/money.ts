/** Amounts in cents, so sums never drift. */
export interface Money {
  cents: number;
  currency: string;
}

export function money(cents: number, currency = 'EUR'): Money {
  return { cents: Math.round(cents), currency };
}

export function add(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`cannot add ${a.currency} to ${b.currency}`);
  return money(a.cents + b.cents, a.currency);
}

export function scale(a: Money, factor: number): Money {
  return money(a.cents * factor, a.currency);
}

export function format(a: Money): string {
  return `${(a.cents / 100).toFixed(2)} ${a.currency}`;
}
