"""Matching what a reader types against names."""

import unicodedata


def folded(text: str) -> str:
    """Text for matching typed names: lower case, without accents ("Kolář" -> "kolar",
    „Černá“ is found by „cerna“)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
