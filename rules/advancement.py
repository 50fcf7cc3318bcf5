"""Quotas and advancement from the qualifier to the A-final (C, K)."""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .championship import (
    FINALISTS_WARNING_ABOVE,
    QUOTA_LARGE_FIELD,
    QUOTA_MIN,
    QUOTA_SMALL_FIELD,
    SMALL_FIELD_MAX,
)
from .ranking import Ranked, Tie, ties_across

QUOTA_BELOW_MIN = "quota_below_min"  # an error: K forbids fewer than QUOTA_MIN per category
TOO_MANY_FINALISTS = "too_many_finalists"  # a warning: K speaks of at most 10 in total
QUOTA_ABOVE_CATEGORY = "quota_above_category"  # a warning: the category sends all its players


def quota_by_participation(participants: int) -> int:
    """Places per category: 5 with up to 20 participants, 6 with 21 or more (C)."""
    return QUOTA_SMALL_FIELD if participants <= SMALL_FIELD_MAX else QUOTA_LARGE_FIELD


def quota_problems(quota: dict[str, int]) -> list[tuple[str, str, dict]]:
    """(code, severity, params) for an organiser's quota per category."""
    problems = [
        (QUOTA_BELOW_MIN, "error", {"category": category, "quota": value, "minimum": QUOTA_MIN})
        for category, value in quota.items()
        if value < QUOTA_MIN
    ]
    total = sum(quota.values())
    if total > FINALISTS_WARNING_ABOVE:
        problems.append(
            (TOO_MANY_FINALISTS, "warning", {"total": total, "limit": FINALISTS_WARNING_ABOVE})
        )
    return problems


def quota_warnings(
    quota: dict[str, int], category_sizes: dict[str, int] | None = None
) -> list[tuple[str, dict]]:
    """(code, params) of what the organiser must see about the quotas in force, whoever set
    them: more finalists than K's 10 (the default 6 + 6 at 21 or more participants too), and
    a quota above the number of players of its category (C: they all advance, and the unused
    places are not given to the other category)."""
    warnings = []
    total = sum(quota.values())
    if total > FINALISTS_WARNING_ABOVE:
        warnings.append((TOO_MANY_FINALISTS, {"total": total, "limit": FINALISTS_WARNING_ABOVE}))
    for category, places in quota.items():
        size = (category_sizes or {}).get(category)
        if size is not None and places > size:
            warnings.append(
                (QUOTA_ABOVE_CATEGORY, {"category": category, "quota": places, "size": size})
            )
    return warnings


@dataclass(frozen=True)
class Advancement:
    advancing: tuple[Hashable, ...]  # in rank order
    unresolved: tuple[Tie, ...]  # ties across the cut: none of their players is advancing yet


def advancement(ranked: Sequence[Ranked], quota: int) -> Advancement:
    """Who of one category's ranked qualifier standings goes to the A-final.

    A category with fewer players than its quota sends all of them. A tie that straddles the
    cut is reported, not guessed: its players neither advance nor are out until a lot decides.
    """
    unresolved = ties_across(ranked, quota)
    undecided = {key for tie in unresolved for key in tie.keys}
    advancing = tuple(row.key for row in ranked if row.rank <= quota and row.key not in undecided)
    return Advancement(advancing, tuple(unresolved))
