"""Names the pages and the printouts share."""

from django.utils.translation import pgettext_lazy

from tournament.models import SightClass

MEDALS = {
    1: pgettext_lazy("medal", "gold"),
    2: pgettext_lazy("medal", "silver"),
    3: pgettext_lazy("medal", "bronze"),
}


def medal_name(place: int) -> str:
    """The medal of a place on the podium, in words: „zlato“, „stříbro“, „bronz“."""
    return str(MEDALS[place])


def sight_label(sight_class: str) -> str:
    """A sight class in words, as registered ("B1, nevidomí", "B3", "vidící")."""
    return str(SightClass(sight_class).label)
