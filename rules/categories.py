"""Sight classes and competition categories (A, B)."""

SIGHT_CLASSES = ("B1", "B2", "B3", "B4", "none")
BLIND = "B1"  # "nevidomí"
SIGHTED = "VS"  # "vidící a slabozrací": B2, B3, B4 and sighted
ALL = "ALL"  # the B-final's one combined list (O)
CATEGORIES = (BLIND, SIGHTED)


def category_of(sight_class: str) -> str:
    if sight_class not in SIGHT_CLASSES:
        raise ValueError(f"unknown sight class {sight_class!r}")
    return BLIND if sight_class == "B1" else SIGHTED
