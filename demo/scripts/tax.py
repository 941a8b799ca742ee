"""Tax rates by country, and the one place that applies them."""

RATES = {"DE": 0.19, "FR": 0.20, "NL": 0.21}


def rate_for(country: str) -> float:
    return RATES.get(country, 0.0)


def with_tax(cents: int, country: str) -> int:
    return round(cents * (1 + rate_for(country)))
