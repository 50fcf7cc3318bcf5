"""Checks of one table's score sheet for one round: one validation path for every source
(a form, a spreadsheet, an imported file).

Problems carry a code and parameters, not text: the application words them (in Czech).
"""

import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .championship import MAX_CARD_VALUE, card_value_bound, deal_size
from .score import RoundEntry

ERROR = "error"
WARNING = "warning"

# Problem codes.
LINE_MISSING = "line_missing"  # a seated player has no line
NOT_SEATED = "not_seated"  # a line for a player who does not sit at the table
TWO_LINES = "two_lines"  # a player has more than one line
NOT_WHOLE_NUMBER = "not_whole_number"  # laid, unused or penalty is not a whole number >= 0
CLOSER_HAS_UNUSED = "closer_has_unused"  # closed but unused > 0
TOO_MANY_CLOSERS = "too_many_closers"  # more than one closer at the table in the round
OVER_CARD_BOUND = "over_card_bound"  # laid + unused above deal size x highest card value
NO_CLOSER = "no_closer"  # legal only if the referee ended the round: a warning
FAR_ABOVE_AVERAGE = "far_above_average"  # legal but unusual: a warning the referee confirms

# A laid value is unusual when it is more than UNUSUAL_FACTOR times what is usually laid with
# the round's deal: the player's own average per card dealt or the whole field's, whichever is
# higher (a player who seldom lays much still lays a full hand when closing), and only once the
# player has UNUSUAL_AFTER_ROUNDS rounds to average over. The round score would warn at every
# close (a closer lays every card and gets the bonus). ``python -m bench unusual`` measures how
# often it fires on the demo and on simulated championships: about one sheet in 200.
UNUSUAL_FACTOR = 3
UNUSUAL_AFTER_ROUNDS = 5


@dataclass(frozen=True)
class SheetLine:
    player: Hashable  # whatever identifies the player to the caller (start number, seat)
    laid: object
    unused: object
    closed: bool = False
    disqualified: bool = False
    penalty: object = 0

    def entry(self) -> RoundEntry:
        return RoundEntry(
            laid=self.laid,
            unused=self.unused,
            closed=bool(self.closed),
            disqualified=bool(self.disqualified),
            penalty=self.penalty,
        )


@dataclass(frozen=True)
class Problem:
    code: str
    severity: str
    player: Hashable | None = None  # None: the problem is the whole sheet's
    field: str | None = None
    params: dict = dataclasses.field(default_factory=dict)


def whole_number(value: object) -> bool:
    """A whole number, not below zero (not a yes/no)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def seat_problems(
    lines: Sequence[SheetLine], seated: Sequence[Hashable]
) -> tuple[list[Problem], list[SheetLine]]:
    """Whether the lines are exactly one per seated player: the problems, and the lines the
    rules can still be checked on (the first line of each seated player)."""
    problems = []
    given = [line.player for line in lines]
    for player in seated:
        if player not in given:
            problems.append(Problem(LINE_MISSING, ERROR, player))
    for player in sorted(set(given), key=given.index):
        if player not in seated:
            problems.append(Problem(NOT_SEATED, ERROR, player))
        elif given.count(player) > 1:
            problems.append(
                Problem(TWO_LINES, ERROR, player, params={"count": given.count(player)})
            )
    kept, seen = [], set()
    for line in lines:
        if line.player in seated and line.player not in seen:
            kept.append(line)
            seen.add(line.player)
    return problems, kept


def check_sheet(
    lines: Sequence[SheetLine],
    *,
    round_number: int,
    seated: Sequence[Hashable] | None = None,
    max_card_value: int = MAX_CARD_VALUE,
    averages: Mapping[Hashable, tuple[float, int]] | None = None,
    field_average: float = 0.0,
    extra_cards: int = 0,
) -> list[Problem]:
    """Every problem of one round at one table, errors and warnings, in sheet order.

    ``seated`` (the table's players) checks that there is one line per seated player first;
    the rules are then checked on the lines of seated players. ``averages`` (player -> (laid
    per card dealt, rounds played)) and ``field_average`` (laid per card dealt over everybody's
    rounds) add the warning for a laid value far above usual. ``extra_cards``: cards a hand may
    hold beyond the deal (club rules with action cards).
    """
    problems: list[Problem] = []
    if seated is not None:
        problems, lines = seat_problems(lines, seated)
    bound = card_value_bound(round_number, max_card_value, extra_cards)
    for line in lines:
        numbers_ok = True
        for name in ("laid", "unused", "penalty"):
            value = getattr(line, name)
            if not whole_number(value):
                numbers_ok = False
                problems.append(
                    Problem(NOT_WHOLE_NUMBER, ERROR, line.player, name, {"value": value})
                )
        if not numbers_ok:
            continue
        if line.closed and line.unused > 0:
            problems.append(
                Problem(CLOSER_HAS_UNUSED, ERROR, line.player, "unused", {"unused": line.unused})
            )
        # A disqualified line is exempt: its card count is wrong by definition (H), and it
        # scores 0 whatever it holds.
        if line.laid + line.unused > bound and not line.disqualified:
            problems.append(
                Problem(
                    OVER_CARD_BOUND,
                    ERROR,
                    line.player,
                    "laid",
                    {"total": line.laid + line.unused, "bound": bound, "round": round_number},
                )
            )
    closers = [line.player for line in lines if line.closed]
    if len(closers) > 1:
        for player in closers:
            problems.append(
                Problem(TOO_MANY_CLOSERS, ERROR, player, "closed", {"closers": closers})
            )
    elif not closers and lines:
        problems.append(Problem(NO_CLOSER, WARNING))
    if averages and not errors(problems):
        problems.extend(
            unusual_scores(lines, averages, round_number=round_number, field_average=field_average)
        )
    return problems


def unusual_scores(
    lines: Sequence[SheetLine],
    averages: Mapping[Hashable, tuple[float, int]],
    *,
    round_number: int,
    field_average: float = 0.0,
) -> list[Problem]:
    """Lines whose laid value is far above what the player, or anybody, usually lays with the
    round's deal (see UNUSUAL_FACTOR). A disqualified line scores nothing: it is not checked."""
    deal = deal_size(round_number)
    found = []
    for line in lines:
        per_card, rounds = averages.get(line.player, (0.0, 0))
        usual = max(per_card, field_average) * deal
        if line.disqualified or rounds < UNUSUAL_AFTER_ROUNDS or usual <= 0:
            continue
        if line.laid > UNUSUAL_FACTOR * usual:
            found.append(
                Problem(
                    FAR_ABOVE_AVERAGE,
                    WARNING,
                    line.player,
                    "laid",
                    {"laid": line.laid, "usual": round(usual)},
                )
            )
    return found


def errors(problems: Sequence[Problem]) -> list[Problem]:
    return [problem for problem in problems if problem.severity == ERROR]
