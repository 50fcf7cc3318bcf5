"""The round score (G, H, I; protests 1 and 4)."""

from dataclasses import dataclass, fields
from typing import ClassVar

from .championship import CLOSE_BONUS


@dataclass(frozen=True)
class RoundEntry:
    """One player's line of a score sheet for one round."""

    laid: int
    unused: int
    closed: bool = False
    disqualified: bool = False
    penalty: int = 0
    # A club rule set's score of the line (``ScoredEntry``); the championship's is computed.
    scored: ClassVar[int | None] = None

    @property
    def counts_as_close(self) -> bool:
        """A disqualified round counts no close (H)."""
        return self.closed and not self.disqualified


@dataclass(frozen=True)
class ScoredEntry(RoundEntry):
    """A line of a tournament played by a club rule set (``rules.rulesets``): its round score
    is the table's, given by the rule set when the table's sheet was saved (the casual bonuses
    depend on the other players' lines). The referee's penalty and disqualification apply to
    it as to the championship's."""

    scored: int = 0


def entry_of(laid, unused, closed, disqualified, penalty, scored=None) -> RoundEntry:
    """A stored line: a club rule set's with its score (``scored``), else the championship's."""
    if scored is None:
        return RoundEntry(laid, unused, bool(closed), bool(disqualified), penalty)
    return ScoredEntry(laid, unused, bool(closed), bool(disqualified), penalty, scored=scored)


# A line's fields, in the sheet's order: every store, form and file of results uses these names.
RESULT_FIELDS = tuple(field.name for field in fields(RoundEntry))
# The yes/no fields of a line (a database may hand them over as 0 and 1).
RESULT_FLAGS = tuple(field.name for field in fields(RoundEntry) if field.type in (bool, "bool"))


def round_score(entry: RoundEntry, close_bonus: int = CLOSE_BONUS) -> int:
    """Laid minus unused, plus the close bonus, minus the penalty; never below zero (I).

    A disqualified round scores nothing (H). A club rule set's line scores what the rule set
    gave it (``ScoredEntry``), below zero only where the rule set's score is (Slovní poker).
    """
    if entry.disqualified:
        return 0
    if entry.scored is not None:
        # The rule set's score stands; a penalty takes it down to zero at most. Only Slovní
        # poker's deal scores below zero (the word minus the cards left in hand).
        return max(min(0, entry.scored), entry.scored - entry.penalty)
    bonus = close_bonus if entry.closed else 0
    return max(0, entry.laid - entry.unused + bonus - entry.penalty)
