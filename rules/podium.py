"""Medals, titles and the B-final's places (O and "Vyhlášení výsledků")."""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .categories import BLIND, SIGHTED
from .championship import PODIUM_PLACES
from .ranking import Ranked, Tie, ties_within

TITLE = "Mistr ČR v Syllabatimu {year}"
TITLE_FEMININE = "Mistryně ČR v Syllabatimu {year}"
# The categories as the regulations name them where the champions are announced (the
# title's "v kategorii …"): the title is Czech whatever the page's language.
TITLE_CATEGORIES = {BLIND: "nevidomí", SIGHTED: "slabozrací a vidící"}


@dataclass(frozen=True)
class Podium:
    places: tuple[Ranked, ...]  # rows ranked within the podium places
    undecided: tuple[Tie, ...]  # shared ranks on the podium, for the referee's lot
    champion: Hashable | None  # the sole first; None while first place is shared or empty


def podium(ranked: Sequence[Ranked], places: int = PODIUM_PLACES) -> Podium:
    on_podium = tuple(row for row in ranked if row.rank <= places)
    firsts = [row for row in on_podium if row.rank == 1]
    champion = firsts[0].key if len(firsts) == 1 else None
    return Podium(on_podium, tuple(ties_within(ranked, places)), champion)


def title(year: int, feminine: bool = False) -> str:
    """The A-final winner's title, in the holder's grammatical gender."""
    return (TITLE_FEMININE if feminine else TITLE).format(year=year)


def title_in_category(year: int, category: str, feminine: bool = False) -> str:
    """The title as the ceremony announces it, with the category: "Mistryně ČR v Syllabatimu
    2026 v kategorii nevidomí"."""
    return f"{title(year, feminine)} v kategorii {TITLE_CATEGORIES[category]}"
