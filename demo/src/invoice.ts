import { add, format, money, scale, type Money } from './money';

export interface Line {
  description: string;
  unitPrice: Money;
  quantity: number;
}

export class Invoice {
  constructor(readonly customer: string, readonly lines: Line[] = []) {}

  addLine(line: Line): void {
    this.lines.push(line);
  }

  subtotal(): Money {
    return this.lines.reduce((sum, l) => add(sum, scale(l.unitPrice, l.quantity)), money(0));
  }

  total(taxRate: number): Money {
    const net = this.subtotal();
    return add(net, scale(net, taxRate));
  }

  summary(taxRate: number): string {
    return `${this.customer}: ${format(this.total(taxRate))}`;
  }
}
