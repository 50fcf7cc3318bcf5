"""Who may sit in which final, and which lots contradict each other (C, D, M; "Rovnost bodů").

Plain checks over plain data, shared by the import of a document and by the writes of the
pages: the import refuses a document that breaks one, the services refuse the write.

- A table holds at most ``TABLE_SIZE_MAX`` players (D; the game is for 1–8). Smaller tables
  than the rules' 5 are the referee's choice and stay allowed.
- The A-final is for the advancing players (C), and for those the organiser moved up in
  place of an advancing player who withdrew (a recorded replacement); the B-final for the
  qualifier's other participants who take part in it (M). Nobody sits in both.
- Two lots of one stage (or of the teams) must not order the same two players (teams) in
  opposite ways: the standings could not say which of them binds.
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .championship import TABLE_SIZE_MAX

# Codes of what is wrong; ``params`` carry the values a message needs.
TABLE_TOO_LARGE = "table_too_large"
IN_BOTH_FINALS = "in_both_finals"
NOT_ADVANCING_IN_A = "not_advancing_in_a_final"  # did not advance (or a lot is still open)
WITHDRAWN_IN_A = "withdrawn_in_a_final"  # replaced, yet seated
ADVANCING_IN_B = "advancing_in_b_final"  # advanced (or moved up), yet seated in the B-final
NOT_PLAYING_B = "not_playing_b_final"  # plays_b_final is false, yet seated in the B-final
LOTS_CONTRADICT = "lots_contradict"
# Replacements
NOT_IN_A_FIELD = "withdrawn_not_in_a_final_field"
NOT_A_CANDIDATE = "replacement_not_a_candidate"
OTHER_CATEGORY = "replacement_other_category"
PLAYER_TWICE = "replacement_player_twice"


@dataclass(frozen=True)
class Problem:
    code: str
    player: Hashable | None = None
    params: dict = field(default_factory=dict)


def table_size_problem(size: int, maximum: int = TABLE_SIZE_MAX) -> Problem | None:
    """A table above ``maximum`` players (the game's: Syllabatim's 8, Slovní poker's 9)."""
    if size > maximum:
        return Problem(TABLE_TOO_LARGE, params={"size": size, "maximum": maximum})
    return None


@dataclass(frozen=True)
class Replacement:
    """The organiser's decision: ``withdrawn`` (an advancing player, or one moved up before)
    does not play the A-final, ``replacement`` plays it in their place."""

    withdrawn: int
    replacement: int


def replacement_problems(
    replacements: Sequence[Replacement],
    *,
    advancing: Iterable[int],
    candidates: Iterable[int],
    category: Mapping[int, str],
) -> list[tuple[int, Problem]]:
    """(index in ``replacements``, problem) for decisions the rules do not allow: the withdrawn
    player must be in the A-final's field at that point, the replacement one of the
    ``candidates`` (qualifier participants who did not advance, are not waiting for a lot and
    are not expelled) of the same category; nobody is named twice."""
    field_now = set(advancing)
    candidates = set(candidates)
    named: set[int] = set()
    found = []
    for index, decision in enumerate(replacements):
        withdrawn, replacement = decision.withdrawn, decision.replacement
        problems = []
        for player in (withdrawn, replacement):
            if player in named:
                problems.append(Problem(PLAYER_TWICE, player))
        if withdrawn not in field_now:
            problems.append(Problem(NOT_IN_A_FIELD, withdrawn))
        if replacement not in candidates:
            problems.append(Problem(NOT_A_CANDIDATE, replacement))
        elif category.get(replacement) != category.get(withdrawn):
            problems.append(
                Problem(
                    OTHER_CATEGORY,
                    replacement,
                    {"category": category.get(replacement), "other": category.get(withdrawn)},
                )
            )
        named.update((withdrawn, replacement))
        if not problems:
            field_now.discard(withdrawn)
            field_now.add(replacement)
        found.extend((index, problem) for problem in problems)
    return found


def a_final_field(advancing: Iterable[int], replacements: Sequence[Replacement]) -> set[int]:
    """The A-final's players: the advancing, with each replacement in the order decided."""
    players = set(advancing)
    for decision in replacements:
        players.discard(decision.withdrawn)
        players.add(decision.replacement)
    return players


def final_seating_problems(
    *,
    a_field: Iterable[int],
    withdrawn: Iterable[int],
    seated_a: Iterable[int],
    seated_b: Iterable[int],
    not_playing_b: Iterable[int],
    advancement_known: bool = True,
) -> list[Problem]:
    """Who sits in a final they may not play, in start-number order. Before the qualifier is
    over (``advancement_known`` false) only what holds whatever the standings: nobody in both
    finals, nobody in the B-final who does not take part in it."""
    a_field, withdrawn = set(a_field), set(withdrawn)
    seated_a, seated_b, not_playing_b = set(seated_a), set(seated_b), set(not_playing_b)
    found = []
    for player in sorted(seated_a | seated_b):
        if player in seated_a and player in seated_b:
            found.append(Problem(IN_BOTH_FINALS, player))
            continue
        if not advancement_known:
            if player in seated_b and player in not_playing_b:
                found.append(Problem(NOT_PLAYING_B, player))
            continue
        if player in seated_a:
            if player in withdrawn and player not in a_field:
                found.append(Problem(WITHDRAWN_IN_A, player))
            elif player not in a_field:
                found.append(Problem(NOT_ADVANCING_IN_A, player))
            continue
        if player in a_field or player in withdrawn:
            found.append(Problem(ADVANCING_IN_B, player))
        elif player in not_playing_b:
            found.append(Problem(NOT_PLAYING_B, player))
    return found


def contradicting_lots(orders: Sequence[Sequence[Hashable]]) -> list[Problem]:
    """Pairs of lots (given in the order drawn, all of one scope) that put two keys in
    opposite orders; ``params`` name the lots (counted from 1 within ``orders``) and the keys."""
    found = []
    position = [{key: place for place, key in enumerate(order)} for order in orders]
    for first, second in combinations(range(len(orders)), 2):
        common = [key for key in orders[first] if key in position[second]]
        for a, b in combinations(common, 2):  # a before b in the first lot
            if position[second][a] > position[second][b]:
                found.append(
                    Problem(
                        LOTS_CONTRADICT,
                        params={"first": first, "second": second, "keys": (a, b)},
                    )
                )
                break
    return found
