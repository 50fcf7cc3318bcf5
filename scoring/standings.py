"""Standings, advancement, medals and teams of a championship, computed from plain data.

Nothing here touches the database: ``selectors`` loads a ``TournamentData`` in a fixed number
of queries, and the interchange turns the same data into the results document.
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from rules import championship
from rules.advancement import Advancement, advancement, quota_by_participation
from rules.categories import ALL, CATEGORIES, category_of
from rules.podium import Podium, podium
from rules.ranking import Performance, Ranked, Tie, performances, rank
from rules.score import RoundEntry
from rules.teams import TeamStanding, team_standings

QUALIFIER, FINAL_A, FINAL_B = "qualifier", "final_a", "final_b"
STAGES = (QUALIFIER, FINAL_A, FINAL_B)
TEAMS = "teams"


@dataclass
class StageData:
    participants: set[int] = field(default_factory=set)  # seated at a table at least once
    results: list[tuple[int, RoundEntry]] = field(default_factory=list)


@dataclass
class TournamentData:
    year: int
    sight_classes: dict[int, str]  # start number -> sight class
    teams: dict[str, list[int]] = field(default_factory=dict)
    stages: dict[str, StageData] = field(default_factory=dict)
    lots: list[tuple[str, list]] = field(default_factory=list)  # (stage or "teams", order)
    close_bonus: int = championship.CLOSE_BONUS
    quota_override: dict[str, int] | None = None

    def lots_of(self, scope: str) -> list[list]:
        return [order for lot_scope, order in self.lots if lot_scope == scope]


def categories_of_stage(kind: str) -> tuple[str, ...]:
    """The A-final and the qualifier rank per category; the B-final in one list (O)."""
    return (ALL,) if kind == FINAL_B else CATEGORIES


def stage_performances(data: TournamentData, kind: str) -> dict[int, Performance]:
    stage = data.stages.get(kind, StageData())
    return performances(stage.results, stage.participants, data.close_bonus)


def stage_standings(data: TournamentData, kind: str) -> dict[str, list[Ranked]]:
    """The ranked standings of one stage per category (``ALL`` for the B-final)."""
    rows = stage_performances(data, kind)
    lots = data.lots_of(kind)
    by_category: dict[str, list[Performance]] = {c: [] for c in categories_of_stage(kind)}
    for key, row in rows.items():
        category = ALL if kind == FINAL_B else category_of(data.sight_classes[key])
        by_category[category].append(row)
    return {category: rank(rows, lots) for category, rows in by_category.items()}


def participants(data: TournamentData, kind: str = QUALIFIER) -> int:
    return len(data.stages.get(kind, StageData()).participants)


def quota_in_force(data: TournamentData) -> dict[str, int]:
    if data.quota_override is not None:
        return dict(data.quota_override)
    places = quota_by_participation(participants(data))
    return {category: places for category in CATEGORIES}


def qualifier_advancement(
    data: TournamentData, standings: Mapping[str, Sequence[Ranked]] | None = None
) -> dict[str, Advancement]:
    standings = standings if standings is not None else stage_standings(data, QUALIFIER)
    quota = quota_in_force(data)
    return {category: advancement(standings[category], quota[category]) for category in CATEGORIES}


def podiums(data: TournamentData, kind: str) -> dict[str, Podium]:
    """A-final medals per category, B-final places 1–3 in one list."""
    return {category: podium(rows) for category, rows in stage_standings(data, kind).items()}


def both_days(data: TournamentData) -> dict[Hashable, Performance]:
    """Each player's record over all stages: qualifier plus A- or B-final."""
    total: dict[Hashable, Performance] = {}
    for kind in STAGES:
        for key, row in stage_performances(data, kind).items():
            total[key] = total[key].combine(row) if key in total else row
    return total


def teams(data: TournamentData) -> list[TeamStanding]:
    return team_standings(data.teams, both_days(data), data.lots_of(TEAMS))


@dataclass(frozen=True)
class FinalFields:
    """Who may play which final after the qualifier (C, M). The players of a tie at the cut
    that waits for a lot are in neither until the lot is drawn."""

    a_final: frozenset[int]  # the advancing players
    b_final: frozenset[int]  # the qualifier's other participants: the B-final is theirs (M)
    unresolved: tuple[Tie, ...]  # ties at the cut waiting for a lot

    @property
    def undecided(self) -> frozenset[int]:
        return frozenset(key for tie in self.unresolved for key in tie.keys)


def final_fields(data: TournamentData) -> FinalFields:
    """Nobody's final is known before the qualifier has results."""
    qualifier = data.stages.get(QUALIFIER, StageData())
    if not qualifier.results:
        return FinalFields(frozenset(), frozenset(), ())
    advancement = qualifier_advancement(data)
    unresolved = tuple(tie for result in advancement.values() for tie in result.unresolved)
    advancing = frozenset(key for result in advancement.values() for key in result.advancing)
    undecided = {key for tie in unresolved for key in tie.keys}
    others = qualifier.participants - advancing - undecided
    return FinalFields(advancing, frozenset(others), unresolved)
