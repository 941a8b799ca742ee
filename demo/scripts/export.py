"""Writes invoices as CSV rows with their taxed totals."""
import csv
import sys

from tax import with_tax


def row(customer: str, cents: int, country: str) -> list:
    return [customer, country, with_tax(cents, country)]


def export(invoices, out=sys.stdout) -> None:
    writer = csv.writer(out)
    writer.writerow(["customer", "country", "total_cents"])
    for customer, cents, country in invoices:
        writer.writerow(row(customer, cents, country))


if __name__ == "__main__":
    export([("ACME", 1000, "DE"), ("Globex", 2500, "FR")])
