"""Standings, advancement, medals and teams of a championship, computed from plain data.

Nothing here touches the database: ``selectors`` loads a ``TournamentData`` in a fixed number
of queries, and the interchange turns the same data into the results document.

Sanctions (``rules.sanctions``) apply here, once, for every reader: a voided game's results
score nothing, and an expelled player is in no standing from the stage of the expulsion on.
"""

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from rules import championship, scrabble, word_poker
from rules.advancement import Advancement, advancement, quota_by_participation
from rules.categories import ALL, CATEGORIES, category_of
from rules.club import club_rank
from rules.finals import Replacement, a_final_field
from rules.podium import Podium, podium
from rules.progress import StageProgress
from rules.ranking import Performance, Ranked, Tie, performances, rank
from rules.rulesets import CHAMPIONSHIP, Scrabble, WordPoker
from rules.sanctions import Sanction, expulsions, out_of, void, voided_games
from rules.score import RoundEntry
from rules.stages import FINAL_A, FINAL_B, FINALS, QUALIFIER, STAGES, TEAMS
from rules.teams import TeamStanding, team_standings


class Result(NamedTuple):
    """One player's line of one round, and the game (its number in the stage) it belongs to."""

    player: int
    entry: RoundEntry
    game: int
    # Slovní poker and Scrabble only: the table and the round's place in the game, which make
    # a poker table's deals and a Scrabble board's game.
    table: int | None = None
    deal: int | None = None


@dataclass
class StageData:
    participants: set[int] = field(default_factory=set)  # seated at a table at least once
    results: list[Result] = field(default_factory=list)
    byes: list[tuple[int, int]] = field(default_factory=list)  # Scrabble: (game, player)


@dataclass
class TournamentData:
    year: int
    sight_classes: dict[int, str]  # start number -> sight class
    teams: dict[str, list[int]] = field(default_factory=dict)
    stages: dict[str, StageData] = field(default_factory=dict)
    lots: list[tuple[str, list]] = field(default_factory=list)  # (stage or "teams", order)
    close_bonus: int = championship.CLOSE_BONUS
    quota_override: dict[str, int] | None = None
    sanctions: list[Sanction] = field(default_factory=list)
    # The organiser's replacements in the A-final (withdrawn, moved up), in the order decided.
    replacements: list[Replacement] = field(default_factory=list)
    # Where each stage stands; a stage without an entry is taken as over (a finished record,
    # e.g. computed from a document's results alone).
    progress: dict[str, StageProgress] = field(default_factory=dict)
    # The rule set the tournament is played by (``rules.rulesets``): a club rule set's lines
    # carry their scores (``rules.score.ScoredEntry``) and rank by points alone (``club_rank``).
    rule_set: str = CHAMPIONSHIP
    # Whether finals follow the qualifier: a local qualifier or club tournament without them
    # ranks its one stage in one list, the sight categories together (its winner is the player
    # with the most points, pravidla-syllabatim.txt).
    finals: bool = True
    # A club tournament without finals: its one stage is the tournament, named "turnaj" and
    # not a qualification in words about it (``tournament.labels.single_stage``).
    single_stage: bool = False
    # Slovní poker's rule set with its settings (the game's end, the standings' order): its
    # standings count games and deals won at each table (``poker_performances``).
    poker: WordPoker | None = None
    # Scrabble's rule set with its settings (the bye's margin): its standings count wins, the
    # spread and the sum of scores board by board (``scrabble_performances``).
    scrabble: Scrabble | None = None

    def lots_of(self, scope: str) -> list[list]:
        return [order for lot_scope, order in self.lots if lot_scope == scope]

    def expelled(self) -> dict[Hashable, str]:
        """Expelled players and the stage of their expulsion."""
        return expulsions(self.sanctions)

    def stage_over(self, kind: str) -> bool:
        progress = self.progress.get(kind)
        return progress is None or progress.over


def categories_of_stage(kind: str, data: TournamentData | None = None) -> tuple[str, ...]:
    """The A-final and the qualifier rank per category; the B-final in one list (O), and so
    does the one stage of a tournament without finals."""
    return (ALL,) if kind == FINAL_B or (data is not None and not data.finals) else CATEGORIES


def ranked_players(data: TournamentData, kind: str) -> set[int]:
    """Who the stage's standings rank: its participants but the players expelled in it or
    earlier."""
    expelled = data.expelled()
    stage = data.stages.get(kind, StageData())
    return {key for key in stage.participants if not out_of(kind, key, expelled)}


def stage_entries(data: TournamentData, kind: str) -> list[tuple[int, RoundEntry]]:
    """The stage's results as they count: a voided game's lines score nothing, and expelled
    players' lines are left out from the stage of the expulsion on."""
    stage = data.stages.get(kind, StageData())
    if not data.sanctions:
        return [(result.player, result.entry) for result in stage.results]
    voided = voided_games(data.sanctions)
    out = {player for player in data.expelled() if out_of(kind, player, data.expelled())}
    return [
        (
            result.player,
            void(result.entry) if (kind, result.game, result.player) in voided else result.entry,
        )
        for result in stage.results
        if result.player not in out
    ]


def stage_performances(data: TournamentData, kind: str) -> dict[int, Performance]:
    if data.poker is not None:
        return poker_performances(data, kind)
    if data.scrabble is not None:
        return scrabble_performances(data, kind)
    return performances(stage_entries(data, kind), ranked_players(data, kind), data.close_bonus)


@dataclass(frozen=True)
class PokerPerformance(Performance):
    """A Slovní poker player's record: the games and deals won besides the points (the sum of
    the deal results), the best deal and the deals played."""

    games_won: int = 0
    deals_won: int = 0


def _taking_part(data: TournamentData, kind: str):
    """The stage's result lines that take part in a table's game of a club game's own
    standings: not a disqualified line, nor one of a voided game or an expelled player."""
    voided = voided_games(data.sanctions)
    expelled = data.expelled()
    for result in data.stages.get(kind, StageData()).results:
        if not (
            result.entry.disqualified
            or (kind, result.game, result.player) in voided
            or out_of(kind, result.player, expelled)
        ):
            yield result


def poker_performances(data: TournamentData, kind: str) -> dict[int, PokerPerformance]:
    """Each ranked player's record over the stage's games of Slovní poker: each table's game
    is its deals in order (``rules.word_poker.records``), counted up to the deal that won it.
    A voided game's lines and an expelled player's take no part in a deal."""
    deals: dict = defaultdict(lambda: defaultdict(list))  # (game, table) -> deal -> lines
    for result in _taking_part(data, kind):
        deals[(result.game, result.table)][result.deal].append(
            word_poker.DealLine(result.player, result.entry.laid, result.entry.unused)
        )
    games = [[by_deal[deal] for deal in sorted(by_deal)] for _, by_deal in sorted(deals.items())]
    ranked = ranked_players(data, kind)
    records = word_poker.records(games, data.poker.end, ranked)
    return {
        key: PokerPerformance(
            key,
            points=row.points,
            best_round=row.best_deal,
            rounds=row.deals,
            games_won=row.games_won,
            deals_won=row.deals_won,
        )
        for key, row in records.items()
        if key in ranked
    }


@dataclass(frozen=True)
class ScrabblePerformance(Performance):
    """A Scrabble player's record: ``points`` the sum of the final scores, ``rounds`` the
    games played (byes apart), wins counted in halves (a draw is half a win), the spread
    (the sum of score differences, a bye's margin included) and the byes."""

    half_wins: int = 0
    spread: int = 0
    byes: int = 0

    @property
    def wins(self) -> float:
        return self.half_wins / 2

    @property
    def score_sum(self) -> int:
        return self.points


def scrabble_performances(data: TournamentData, kind: str) -> dict[int, ScrabblePerformance]:
    """Each ranked player's record over the stage's Scrabble rounds (``rules.scrabble.records``):
    each board's final scores, pair by pair, and the byes as wins by the tournament's margin.
    A voided game's lines and an expelled player's take no part in a board's game."""
    stage = data.stages.get(kind, StageData())
    voided = voided_games(data.sanctions)  # a voided game's bye is no win either
    boards: dict = defaultdict(dict)  # (game, table) -> player -> final score
    best: dict = defaultdict(int)
    for result in _taking_part(data, kind):
        score = result.entry.scored
        boards[(result.game, result.table)][result.player] = score
        best[result.player] = max(best[result.player], score)
    ranked = ranked_players(data, kind)
    records = scrabble.records(
        [scores for _board, scores in sorted(boards.items())],
        [player for game, player in stage.byes if (kind, game, player) not in voided],
        bye_margin=data.scrabble.bye_margin,
        participants=ranked,
    )
    return {
        key: ScrabblePerformance(
            key,
            points=row.score_sum,
            best_round=best[key],
            rounds=row.games,
            half_wins=row.half_wins,
            spread=row.spread,
            byes=row.byes,
        )
        for key, row in records.items()
        if key in ranked
    }


def ranking_of(data: TournamentData):
    """The tournament's ranking: the championship's tie-break chain, the club rules' points,
    or Slovní poker's criteria in the organiser's order."""
    if data.poker is not None:
        return lambda rows, lots=(): word_poker.poker_rank(rows, data.poker.order, lots)
    if data.scrabble is not None:
        return scrabble.scrabble_rank
    return rank if data.rule_set == CHAMPIONSHIP else club_rank


Performances = dict[str, dict[int, Performance]]  # stage -> start number -> record


def all_performances(data: TournamentData) -> Performances:
    """Every stage's records, computed once for a whole document or page."""
    return {kind: stage_performances(data, kind) for kind in STAGES}


def stage_standings(
    data: TournamentData, kind: str, performances: Performances | None = None
) -> dict[str, list[Ranked]]:
    """The ranked standings of one stage per category (``ALL`` for the B-final)."""
    rows = performances[kind] if performances else stage_performances(data, kind)
    lots = data.lots_of(kind)
    one_list = kind == FINAL_B or not data.finals
    by_category: dict[str, list[Performance]] = {c: [] for c in categories_of_stage(kind, data)}
    for key, row in rows.items():
        category = ALL if one_list else category_of(data.sight_classes[key])
        by_category[category].append(row)
    ranking = ranking_of(data)
    return {category: ranking(rows, lots) for category, rows in by_category.items()}


def standings_in(data: TournamentData, kind: str, *, by_category: bool) -> dict[str, list[Ranked]]:
    """One stage's players ranked by the tournament's rule set, in one list (``ALL``) or
    within each sight category, whatever lists the stage's own standings have: what a local
    qualifier announced its places by."""
    rows = stage_performances(data, kind)
    ranking = ranking_of(data)
    if not by_category:
        return {ALL: ranking(list(rows.values()), data.lots_of(kind))}
    lists: dict[str, list[Performance]] = {category: [] for category in CATEGORIES}
    for key, row in rows.items():
        lists[category_of(data.sight_classes[key])].append(row)
    return {category: ranking(found, data.lots_of(kind)) for category, found in lists.items()}


def ranks_after_games(
    data: TournamentData, seated: Mapping[tuple[str, int], set[int]]
) -> dict[tuple[str, int, int], int]:
    """(stage, game, player) -> the player's rank in their list after that game of the stage,
    as the stage's standings stood then: the players seated in the games up to it
    (``seated``: (stage, game) -> start numbers), their results, sanctions in force applied.
    A game without a result yet ranks nobody."""
    found = {}
    for kind in STAGES:
        results = data.stages[kind].results if kind in data.stages else []
        stage = StageData()
        so_far = replace(data, stages={kind: stage})
        for game in sorted(number for stage_kind, number in seated if stage_kind == kind):
            stage.participants |= seated[(kind, game)]
            played = [result for result in results if result.game == game]
            if not played:
                continue
            stage.results += played
            for rows in stage_standings(so_far, kind).values():
                found.update({(kind, game, row.key): row.rank for row in rows})
    return found


def participants(data: TournamentData, kind: str = QUALIFIER) -> int:
    """Players seated at a table of the stage at least once, expelled players included (C)."""
    return len(data.stages.get(kind, StageData()).participants)


def quota_in_force(data: TournamentData) -> dict[str, int]:
    if data.quota_override is not None:
        return dict(data.quota_override)
    places = quota_by_participation(participants(data))
    return {category: places for category in CATEGORIES}


def qualifier_advancement(
    data: TournamentData, standings: Mapping[str, Sequence[Ranked]] | None = None
) -> dict[str, Advancement]:
    """Who advances per category, and the ties across the cut, by the standings as they are.
    Pages announce it only once the qualifier is over (``TournamentData.stage_over``)."""
    if not data.finals:
        return {}  # one stage without finals: nobody advances anywhere
    standings = standings if standings is not None else stage_standings(data, QUALIFIER)
    quota = quota_in_force(data)
    return {category: advancement(standings[category], quota[category]) for category in CATEGORIES}


def podiums(data: TournamentData, kind: str) -> dict[str, Podium]:
    """A-final medals per category, B-final places 1–3 in one list."""
    return {category: podium(rows) for category, rows in stage_standings(data, kind).items()}


def both_days(
    data: TournamentData, performances: Performances | None = None
) -> dict[Hashable, Performance]:
    """Each player's record over all stages: qualifier plus A- or B-final. Expelled players
    count for no team: they are left out whole."""
    expelled = data.expelled()
    performances = performances or all_performances(data)
    total: dict[Hashable, Performance] = {}
    for kind in STAGES:
        for key, row in performances[kind].items():
            if key not in expelled:
                total[key] = total[key].combine(row) if key in total else row
    return total


def teams(data: TournamentData, performances: Performances | None = None) -> list[TeamStanding]:
    """The teams' standings; an expelled member does not count (the team counts its best three
    of the others)."""
    expelled = data.expelled()
    rosters = {
        name: [member for member in members if member not in expelled]
        for name, members in data.teams.items()
    }
    return team_standings(rosters, both_days(data, performances), data.lots_of(TEAMS))


def teams_over(data: TournamentData) -> bool:
    """The teams' order is decided when both days are: the qualifier and every final played
    are over (and the A-final has been played)."""
    return (
        data.stage_over(QUALIFIER)
        and FINAL_A in data.stages
        and all(data.stage_over(kind) for kind in FINALS if kind in data.stages)
    )


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


def final_fields(data: TournamentData, *, with_replacements: bool = True) -> FinalFields:
    """Nobody's final is known before the qualifier has results; an expelled player plays
    neither (sits at no later table). A player who withdrew from the A-final plays neither;
    the player moved up in their place plays the A-final (``rules.finals``)."""
    qualifier = data.stages.get(QUALIFIER, StageData())
    if not qualifier.results:
        return FinalFields(frozenset(), frozenset(), ())
    advancement = qualifier_advancement(data)
    unresolved = tuple(tie for result in advancement.values() for tie in result.unresolved)
    advancing = frozenset(key for result in advancement.values() for key in result.advancing)
    undecided = {key for tie in unresolved for key in tie.keys}
    others = qualifier.participants - advancing - undecided - set(data.expelled())
    if with_replacements and data.replacements:
        withdrawn = {r.withdrawn for r in data.replacements}
        advancing = frozenset(a_final_field(advancing, data.replacements))
        others = others - advancing - withdrawn
    return FinalFields(advancing, frozenset(others), unresolved)
