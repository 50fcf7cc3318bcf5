"""How stages and categories are named to people: the pages, the printouts, Braille."""

from django.utils.translation import gettext as _

from .models import Stage

CATEGORY_NAMES = {
    "B1": lambda: _("B1, blind"),
    "VS": lambda: _("VS, sighted and low-vision"),
    "ALL": lambda: _("all categories"),
}


def stage_label(kind: str) -> str:
    """A stage's name ("Kvalifikace"); a code that names no stage (an old history record's)
    is shown as it is."""
    return str(Stage.Kind(kind).label) if kind in Stage.Kind.values else kind


def category_name(category: str) -> str:
    return CATEGORY_NAMES[category]()
