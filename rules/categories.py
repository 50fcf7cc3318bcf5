"""Sight classes and competition categories (A, B)."""

B1, B2, B3, B4 = "B1", "B2", "B3", "B4"  # the sight classes of blind sport (A)
NO_CLASS = "none"  # sighted: no sight class
SIGHT_CLASSES = (B1, B2, B3, B4, NO_CLASS)
BLIND = B1  # "nevidomí"
SIGHTED = "VS"  # "vidící a slabozrací": B2, B3, B4 and sighted
ALL = "ALL"  # the B-final's one combined list (O)
CATEGORIES = (BLIND, SIGHTED)
# every class but the blind can keep a table's score sheet (F)
SCOREKEEPER_CLASSES = tuple(sight for sight in SIGHT_CLASSES if sight != BLIND)


def can_keep_sheet(sight_class: str | None) -> bool:
    """Whether a player of this sight class can keep the table's score sheet (F)."""
    return sight_class in SCOREKEEPER_CLASSES


def category_of(sight_class: str) -> str:
    if sight_class not in SIGHT_CLASSES:
        raise ValueError(f"unknown sight class {sight_class!r}")
    return BLIND if sight_class == B1 else SIGHTED
