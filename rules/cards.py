"""Card values are data (``data/cards.csv``), not code.

Only a few values are published in our sources (X = 14, the jokers SAM and SOU = 0); the
organiser fills in the rest. The highest known value is the default of the card-value bound.
"""

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CARDS_FILE = Path(__file__).with_name("data") / "cards.csv"
JOKERS = ("SAM", "SOU")
NOT_A_CARD = ("CH",)  # laid as C + H (pravidla-syllabatim.txt)


@dataclass(frozen=True)
class Card:
    letters: str
    value: int
    count: int | None = None


def data_rows(path: Path) -> list[dict[str, str]]:
    """The rows of one of the rules' data tables (``data/*.csv``; a line starting with # is a
    comment): the cards here, Slovní poker's deck and Scrabble's tiles."""
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


@cache
def known_cards() -> tuple[Card, ...]:
    return tuple(
        Card(row["card"], int(row["value"]), int(row["count"]) if row["count"] else None)
        for row in data_rows(CARDS_FILE)
    )


def highest_card_value(cards: tuple[Card, ...] | None = None) -> int:
    return max(card.value for card in (cards if cards is not None else known_cards()))
