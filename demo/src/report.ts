import { Invoice } from './invoice';
import { add, format, money } from './money';

/** The month's revenue across invoices, with one line per customer. */
export function monthlyReport(invoices: Invoice[], taxRate: number): string {
  const lines = invoices.map((inv) => inv.summary(taxRate));
  const revenue = invoices.reduce((sum, inv) => add(sum, inv.total(taxRate)), money(0));
  return [...lines, `total: ${format(revenue)}`].join('\n');
}
