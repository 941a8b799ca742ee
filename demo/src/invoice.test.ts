import { Invoice } from './invoice';
import { money } from './money';
import { monthlyReport } from './report';

export function testInvoiceTotal(): void {
  const inv = new Invoice('ACME');
  inv.addLine({ description: 'widget', unitPrice: money(250), quantity: 4 });
  if (inv.total(0.2).cents !== 1200) throw new Error('total with tax');
}

export function testMonthlyReport(): void {
  const report = monthlyReport([new Invoice('ACME')], 0.2);
  if (!report.endsWith('total: 0.00 EUR')) throw new Error(report);
}
