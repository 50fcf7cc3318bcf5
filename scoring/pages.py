"""The read model that the pages and the documents share: a stage's standings with the cut,
the medals and titles, the teams, where everybody sits and what is being played, each loaded in
a fixed number of queries whatever the field's size. The public pages (``public``), the
printouts (``printing``) and the desk read it; ranking, advancement, medals and teams come from
``scoring.standings``: this module only gathers names and states around them.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from rules.categories import ALL, category_of
from rules.championship import PODIUM_PLACES
from rules.gender import FEMININE, MASCULINE
from rules.podium import title
from rules.ranking import Ranked
from rules.rulesets import SCRABBLE
from rules.sanctions import TOURNAMENT
from rules.stages import stage_index
from tournament.collation import czech_key, name_key
from tournament.labels import stage_label
from tournament.models import Game, Player, Round, Seat, SightClass, Stage, Tournament

from .publicity import held_results
from .selectors import (
    poker_table_ends,
    sanction_rows,
    stage_data,
    tournament_data,
    unconfirmed_sheets,
)
from .selectors import progress as scoring_progress
from .standings import (
    FINAL_A,
    FINAL_B,
    QUALIFIER,
    STAGES,
    podiums,
    qualifier_advancement,
    quota_in_force,
    stage_standings,
    teams,
    teams_over,
)


@dataclass(frozen=True)
class PlayerInfo:
    number: int
    name: str
    club: str
    sight_class: str
    gender: str = MASCULINE

    @property
    def feminine(self) -> bool:
        return self.gender == FEMININE

    @property
    def sight_words(self) -> str:
        """The sight class in words ("B1, nevidomí", "vidící"), never as stored ("none")."""
        return str(SightClass(self.sight_class).label)

    @property
    def name_key(self) -> tuple:
        """The player's place in a list by name: surname first, Czech alphabetical order."""
        return name_key(self.name)

    @property
    def club_key(self) -> tuple:
        return czech_key(self.club)


def player_infos(tournament: Tournament) -> dict[int, PlayerInfo]:
    return {
        number: PlayerInfo(number, name, club, sight, gender)
        for number, name, club, sight, gender in Player.objects.filter(
            tournament=tournament
        ).values_list("start_number", "name", "club", "sight_class", "gender")
    }


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: PlayerInfo
    points: int
    closes: int
    best_round: int
    rounds: int
    shared: bool  # the rank is shared (no chain step or lot split it)
    advances: bool = False  # qualifier: inside the cut
    undecided: bool = False  # qualifier: in a tie across the cut, waiting for a lot
    first_out: bool = False  # the first row below the cut
    medal: int | None = None  # finals: place 1–3
    provisional: bool = False  # some of the player's results wait for a confirmation
    sanctions: tuple[str, ...] = ()  # sanctions of the player that touch this stage, in words
    by_lot: bool = False  # a recorded lot decided the place (``rules.ranking``)
    # Slovní poker only (``scoring.standings.PokerPerformance``): None under other rules.
    games_won: int | None = None
    deals_won: int | None = None
    # Scrabble only (``scoring.standings.ScrabblePerformance``): wins in halves (a draw is
    # half a win), the spread and the byes; ``points`` is then the sum of the scores.
    half_wins: int | None = None
    spread: int | None = None
    byes: int | None = None

    @property
    def wins(self) -> str | None:
        """The wins as a Czech page writes them: 2, or 2,5 with a draw."""
        if self.half_wins is None:
            return None
        whole, half = divmod(self.half_wins, 2)
        return f"{whole},5" if half else str(whole)


@dataclass(frozen=True)
class ExpelledRow:
    """An expelled player, listed under the standings they are no longer ranked in."""

    player: PlayerInfo
    words: str
    reason: str = ""  # the staff's only: empty wherever the public reads


def held_words(announcement: str) -> str:
    """What the public reads in place of held results."""
    if announcement:
        return _("The results will be announced at %(when)s.") % {"when": announcement}
    return _("The results will be announced at the ceremony.")


def teams_held_words(held: dict[str, str]) -> str | None:
    """The teams' standings count both days: they are held while any stage is, until the
    last held stage's announcement."""
    if not held:
        return None
    last = max(held, key=stage_index)
    return held_words(held[last])


@dataclass
class CategoryStanding:
    category: str  # "B1", "VS" or "ALL"
    rows: list[StandingRow]
    quota: int | None = None  # the qualifier's advancement places
    champion: PlayerInfo | None = None  # the A-final's title holder
    title: str | None = None
    undecided_podium: bool = False
    expelled: list[ExpelledRow] = field(default_factory=list)


@dataclass
class StagePage:
    stage: Stage | None
    categories: list[CategoryStanding] = field(default_factory=list)
    has_results: bool = False
    in_progress: bool = False  # started but not over: the standings are provisional
    over: bool = False  # every planned game is complete: places are decided
    games_complete: int = 0
    games_planned: int | None = None  # None: the qualifier's number of games is not fixed
    playing: int | None = None  # the number of the game being played
    playing_started: bool = False  # the game being played has results: they are counted
    held: str | None = None  # results held for the announcement: when they will be announced

    @property
    def provisional_words(self) -> str:
        return provisional_words(self)

    @property
    def waiting(self) -> bool:
        """The stage is there but has no result yet: its first result is yet to come."""
        return self.stage is not None and self.held is None and not self.has_results

    @property
    def live(self) -> bool:
        """The standings can still change: a reader's page follows them from before the
        first result until the stage is over (``public.live``)."""
        return (self.in_progress or self.waiting) and not self.over

    @property
    def by_lot(self) -> bool:
        """Some place of the stage was decided by a recorded lot (its record:
        ``ui.addresses``)."""
        return any(row.by_lot for standing in self.categories for row in standing.rows)

    @property
    def has_provisional(self) -> bool:
        return any(row.provisional for standing in self.categories for row in standing.rows)


def provisional_players(stage: Stage) -> set[int]:
    """Start numbers with a result on a sheet that still waits for a confirmation."""
    pending = unconfirmed_sheets(stage)
    if not pending:
        return set()
    tables = {table for table, _round in pending}
    return set(
        Seat.objects.filter(table_id__in=tables).values_list("player__start_number", flat=True)
    )


def _rows(ranked: list[Ranked], infos, provisional, flags: dict, notes) -> list[StandingRow]:
    """Standing rows; ``flags`` holds each key's extra fields (advances, medal…)."""
    return [
        StandingRow(
            row.rank,
            infos[row.key],
            row.performance.points,
            row.performance.closes,
            row.performance.best_round,
            row.performance.rounds,
            row.shared,
            provisional=row.key in provisional,
            by_lot=row.by_lot,
            sanctions=tuple(notes.get(row.key, ())),
            games_won=getattr(row.performance, "games_won", None),
            deals_won=getattr(row.performance, "deals_won", None),
            half_wins=getattr(row.performance, "half_wins", None),
            spread=getattr(row.performance, "spread", None),
            byes=getattr(row.performance, "byes", None),
            **flags.get(row.key, {}),
        )
        for row in ranked
    ]


def _sanction_notes(kind: str, sanctions) -> tuple[dict[int, list[str]], list]:
    """Words for the rows of a stage's standings (a game voided in the stage, an expulsion
    in a later stage), and the sanctions that leave players out of it."""
    notes: dict[int, list[str]] = defaultdict(list)
    expelled = {}
    for sanction in sanctions:
        if sanction.scope == TOURNAMENT and stage_index(sanction.stage) <= stage_index(kind):
            expelled.setdefault(sanction.player, sanction)
        elif sanction.stage == kind or sanction.scope == TOURNAMENT:
            notes[sanction.player].append(sanction.words(with_stage=sanction.stage != kind))
    return notes, list(expelled.values())


def stage_page(
    tournament: Tournament, kind: str, provisional_cut: bool = False, *, staff: bool = False
) -> StagePage:
    """A stage's standings as the public may see them: titles, medals and advancement only
    once the stage is over; until then the provisional order after the complete games.
    ``provisional_cut`` (the referee's desk) marks the qualifier's cut before it is over.
    Sanctions' reasons are the staff's (``staff``): the public reads only what happened.
    Results held for the announcement are the staff's too: the public reads when they will be
    announced, and nothing of the standings."""
    stage = (
        Stage.objects.select_related("tournament").filter(tournament=tournament, kind=kind).first()
    )
    if stage is None:
        return StagePage(None)
    if stage.results_held and not staff:
        return StagePage(stage, held=held_words(stage.announcement))
    data = stage_data(stage)
    progress = data.progress[kind]
    has_results = any(game.started for game in progress.games)
    playing = progress.playing
    page = StagePage(
        stage,
        has_results=has_results,
        in_progress=has_results and not progress.over,
        over=progress.over,
        games_complete=progress.complete_games,
        games_planned=progress.planned,
        playing=playing.number if playing else None,
        playing_started=bool(playing and playing.started),
    )
    if not has_results:
        return page
    infos = player_infos(tournament)
    provisional = provisional_players(stage)
    standings = stage_standings(data, kind)
    notes, expelled = _sanction_notes(kind, sanction_rows(tournament))
    seated = data.stages[kind].participants if kind in data.stages else set()

    def expelled_rows(category: str) -> list[ExpelledRow]:
        return [
            ExpelledRow(infos[s.player], s.words(), s.reason if staff else "")
            for s in expelled
            if s.player in seated and category in (ALL, category_of(infos[s.player].sight_class))
        ]

    if kind == QUALIFIER and not data.finals:  # one stage: no cut, one list
        for category, ranked in standings.items():
            page.categories.append(
                CategoryStanding(
                    category,
                    _rows(ranked, infos, provisional, {}, notes),
                    expelled=expelled_rows(category),
                )
            )
    elif kind == QUALIFIER:
        advancement = qualifier_advancement(data, standings)
        quota = quota_in_force(data)
        for category, ranked in standings.items():
            flags = {}
            if page.over or provisional_cut:  # announced once the qualifier is over
                result = advancement[category]
                flags = {key: {"advances": True} for key in result.advancing}
                for tie in result.unresolved:
                    flags.update({key: {"undecided": True} for key in tie.keys})
            first_out = next((r.key for r in ranked if r.key not in flags), None)
            if flags and first_out is not None:
                flags[first_out] = {"first_out": True}
            page.categories.append(
                CategoryStanding(
                    category,
                    _rows(ranked, infos, provisional, flags, notes),
                    quota=quota[category],
                    expelled=expelled_rows(category),
                )
            )
    else:
        for category, podium in podiums(data, kind).items():
            flags, undecided = {}, ()
            if page.over:  # medals and titles are announced once the final is over
                undecided = podium.undecided
                tied = {key for tie in undecided for key in tie.keys}
                flags = {
                    row.key: {"medal": row.rank} for row in podium.places if row.key not in tied
                }
            standing = CategoryStanding(
                category,
                _rows(standings[category], infos, provisional, flags, notes),
                undecided_podium=bool(undecided),
                expelled=expelled_rows(category),
            )
            if kind == FINAL_A and page.over and podium.champion is not None:
                standing.champion = infos[podium.champion]
                standing.title = title(tournament.year, feminine=standing.champion.feminine)
            page.categories.append(standing)
    return page


@dataclass(frozen=True)
class TeamRow:
    rank: int
    team: str
    points: int
    closes: int
    best_round: int
    counted: list[PlayerInfo]
    shared: bool
    medal: int | None
    members: list[PlayerInfo] = field(default_factory=list)  # the roster as registered
    by_lot: bool = False  # a recorded lot decided the place

    @property
    def team_key(self) -> tuple:
        return czech_key(self.team)


@dataclass
class TeamPage:
    rows: list[TeamRow]
    over: bool  # both days are over: the places are decided
    expelled: list[ExpelledRow] = field(default_factory=list)  # members who count for no team
    held: str | None = None  # held for the announcement (``teams_held_words``)

    @property
    def by_lot(self) -> bool:
        """Some team's place was decided by a recorded lot (its record: ``ui.addresses``)."""
        return any(row.by_lot for row in self.rows)


def team_page(tournament: Tournament, *, staff: bool = False) -> TeamPage:
    """The teams' standings; sanctions' reasons and held results only for the staff
    (``staff``)."""
    held = None if staff else teams_held_words(held_results(tournament))
    if held is not None:
        return TeamPage([], False, held=held)
    data = tournament_data(tournament)
    infos = player_infos(tournament)
    rows = teams(data) if data.teams else []
    over = teams_over(data)
    shared_podium = {row.team for row in rows if row.shared and row.rank <= PODIUM_PLACES}
    members = {member for roster in data.teams.values() for member in roster}
    return TeamPage(
        [
            TeamRow(
                row.rank,
                row.team,
                row.points,
                row.closes,
                row.best_round,
                [infos[n] for n in row.counted],
                row.shared,
                row.rank
                if over and row.rank <= PODIUM_PLACES and row.team not in shared_podium
                else None,
                [infos[n] for n in sorted(data.teams.get(row.team, []))],
                row.by_lot,
            )
            for row in rows
        ],
        over,
        [
            ExpelledRow(infos[s.player], s.words(), s.reason if staff else "")
            for s in sanction_rows(tournament)
            if s.scope == TOURNAMENT and s.player in members
        ],
    )


@dataclass(frozen=True)
class StageSummary:
    kind: str
    has_results: bool
    over: bool
    games_complete: int
    games_planned: int | None
    playing: int | None  # the game being played (or about to be), by number
    playing_started: bool = False  # the game being played has results: they are counted
    held: str | None = None  # results held for the announcement: when (public summaries)

    @property
    def in_progress(self) -> bool:
        return self.has_results and not self.over

    @property
    def provisional_words(self) -> str:
        return provisional_words(self)


def provisional_words(state: "StagePage | StageSummary") -> str:
    """Where an unfinished stage's standings stand, in the words of what their figures count:
    the complete games, and the rounds entered so far of the game being played."""
    if state.games_complete == 0:
        return _("provisional standings during the first game")
    if state.playing is not None and state.playing_started:
        if state.games_planned:
            return _(
                "provisional standings during game %(game)s of %(planned)s "
                "(the rounds entered so far count)"
            ) % {"game": state.playing, "planned": state.games_planned}
        return _("provisional standings during game %(game)s (the rounds entered so far count)") % {
            "game": state.playing
        }
    if state.games_planned:
        return _("provisional standings after game %(done)s of %(planned)s") % {
            "done": state.games_complete,
            "planned": state.games_planned,
        }
    return _("provisional standings after game %(done)s") % {"done": state.games_complete}


def stage_summaries(tournament: Tournament, *, staff: bool = False) -> list[StageSummary]:
    """Each stage of the tournament and where it stands, in playing order; for the public, a
    held stage says when its results will be announced. Two queries."""
    held = {} if staff else held_results(tournament)
    kinds = set(Stage.objects.filter(tournament=tournament).values_list("kind", flat=True))
    found = []
    for kind, progress in scoring_progress(tournament).items():
        if kind not in kinds:
            continue
        playing = progress.playing
        found.append(
            StageSummary(
                kind,
                any(game.started for game in progress.games),
                progress.over,
                progress.complete_games,
                progress.planned,
                playing.number if playing else None,
                bool(playing and playing.started),
                held_words(held[kind]) if kind in held else None,
            )
        )
    return found


@dataclass(frozen=True)
class GameNow:
    """A game announced on the public pages: being played now, or the last one played."""

    game: Game
    round: int | None  # the round being played (the first in playing order missing a sheet)

    @property
    def in_play(self) -> bool:
        return self.round is not None


def announced_games(tournament: Tournament) -> list[GameNow]:
    """The games being played now, or about to be: each stage's first confirmed game, in
    playing order, that misses a sheet (the A- and the B-final are played at the same time).
    When no game misses one, the last games played: each final's last confirmed game once
    the finals are drawn (the A-final is not forgotten when the B-final ends after it), else
    the qualifier's. Draft draws are not public. Two queries (Slovní poker: three; a table's
    deals after its game was won are not missed)."""
    games = sorted(
        Game.objects.filter(stage__tournament=tournament, draw_status="confirmed")
        .select_related("stage", "stage__tournament")
        .annotate(
            tables_count=Count(
                "tables",
                distinct=True,
                # a Scrabble round's bye is a board of one, with no sheet
                filter=Q(tables__seats__position=1) if tournament.rule_set == SCRABBLE else Q(),
            )
        ),
        key=lambda g: (STAGES.index(g.stage.kind), g.number),
    )
    if not games:
        return []
    sheets_by_round = defaultdict(list)
    for game_id, number, position, sheets in (
        Round.objects.filter(game__in=[g.pk for g in games])
        .annotate(sheets_count=Count("sheets"))
        .order_by("game_id", "position")
        .values_list("game_id", "number", "position", "sheets_count")
    ):
        sheets_by_round[game_id].append((number, position, sheets))
    # Slovní poker: a table whose game was won plays none of the later deals
    ended_at = defaultdict(list)
    for game_id, position in poker_table_ends(tournament, [g.pk for g in games]).values():
        ended_at[game_id].append(position)
    playing, stages_seen = [], set()
    for game in games:
        if game.stage.kind in stages_seen:
            continue
        missing = [
            n
            for n, position, sheets in sheets_by_round[game.pk]
            if sheets < game.tables_count - sum(1 for p in ended_at[game.pk] if p < position)
        ]
        if missing:
            playing.append(GameNow(game, missing[0]))
            stages_seen.add(game.stage.kind)
    if playing:
        return playing
    last = {game.stage.kind: game for game in games}  # each stage's last game, in order
    finals = [last[kind] for kind in STAGES if kind in last and kind != QUALIFIER]
    return [GameNow(game, None) for game in finals or [games[-1]]]


@dataclass(frozen=True)
class SeatRow:
    player: PlayerInfo
    table: int
    seat: int  # 1-based, clockwise
    starts: bool  # starts the game's first round
    starter: PlayerInfo  # who starts the game's first round at the table


def draw_rows(game: Game) -> list[SeatRow]:
    """Where everybody sits in a game, by table and seat. Two queries."""
    return games_draw_rows([game]).get(game.pk, [])


def games_draw_rows(games: list[Game]) -> dict[int, list[SeatRow]]:
    """Where everybody sits in each of the games (by game id), by table and seat. Two queries
    whatever the number of games."""
    if not games:
        return {}
    infos = player_infos(games[0].stage.tournament)
    by_table = defaultdict(list)
    for game_id, table, starting, position, number in (
        Seat.objects.filter(game__in=[g.pk for g in games])
        .order_by("game_id", "table__number", "position")
        .values_list(
            "game_id",
            "table__number",
            "table__starting_seat",
            "position",
            "player__start_number",
        )
    ):
        by_table[(game_id, table)].append((starting, position, number))
    rows = {game.pk: [] for game in games}
    for (game_id, table), sitting in sorted(by_table.items()):
        starter = next(infos[n] for s, p, n in sitting if p == s)
        rows[game_id] += [SeatRow(infos[n], table, p + 1, p == s, starter) for s, p, n in sitting]
    return rows


def page_context(tournament: Tournament, section: str, **extra) -> dict:
    """What every page about one tournament shows around its content: the tournament and the
    links to its stages (the public pages and the public downloads)."""
    kinds = set(Stage.objects.filter(tournament=tournament).values_list("kind", flat=True))
    return {
        "tournament": tournament,
        "section": section,
        "stage_links": [
            {"kind": kind, "label": stage_label(kind, tournament)}
            for kind in STAGES
            if kind in kinds
        ],
        **extra,
    }


# After the finals: the champions and every podium ------------------------------------------


@dataclass(frozen=True)
class PodiumBlock:
    """One podium as announced: a final's category (``ALL`` for the B-final), its medal rows
    and, for the A-final, the title holder."""

    kind: str  # final_a or final_b
    category: str
    rows: list[StandingRow]  # the rows with a medal, in place order
    undecided: bool = False  # a tie on the podium waits for the referee's lot
    champion: PlayerInfo | None = None
    title: str | None = None


@dataclass(frozen=True)
class EndedEarly:
    """A final game the referee ended early (F), with the rounds it dropped."""

    kind: str
    game: int
    rounds_dropped: tuple[int, ...]


@dataclass
class MedalsPage:
    over: bool  # the championship is over: every final played is over
    podiums: list[PodiumBlock] = field(default_factory=list)  # decided finals only
    teams: list[TeamRow] = field(default_factory=list)  # the teams with a medal
    teams_undecided: bool = False  # a tie on the teams' podium waits for a lot
    ended_early: list[EndedEarly] = field(default_factory=list)

    @property
    def champions(self) -> list[PodiumBlock]:
        """The A-final's categories with their title holder."""
        return [p for p in self.podiums if p.kind == FINAL_A and p.champion is not None]

    @property
    def b_final(self) -> PodiumBlock | None:
        return next((p for p in self.podiums if p.kind != FINAL_A), None)

    @property
    def best_team(self) -> TeamRow | None:
        return next((row for row in self.teams if row.medal == 1), None)

    @property
    def any_decided(self) -> bool:
        return bool(self.podiums or self.teams)


def ended_early_games(tournament: Tournament) -> list[EndedEarly]:
    """The confirmed games ended early, in playing order. One query."""
    games = Game.objects.filter(
        stage__tournament=tournament, draw_status="confirmed", ended_early_at__isnull=False
    ).values_list("stage__kind", "number", "rounds_dropped")
    return sorted(
        (EndedEarly(kind, number, tuple(dropped or ())) for kind, number, dropped in games),
        key=lambda game: (STAGES.index(game.kind), game.game),
    )


def medals_page(tournament: Tournament, *, staff: bool = False) -> MedalsPage:
    """Every podium decided so far (a final's once it is over, the teams' once both days
    are), and whether the championship is over: the A-final is, and the B-final too unless
    none of its games was drawn. Read from ``stage_page`` and ``team_page``; results held for
    the announcement only for the staff (``staff``: the ceremony reveals them)."""
    finals = {kind: stage_page(tournament, kind, staff=staff) for kind in (FINAL_A, FINAL_B)}
    final_a, final_b = finals[FINAL_A], finals[FINAL_B]
    b_not_played = final_b.stage is None or (not final_b.has_results and final_b.playing is None)
    page = MedalsPage(over=final_a.over and (final_b.over or b_not_played))
    for kind, stage in finals.items():
        if not stage.over:
            continue
        for standing in stage.categories:
            page.podiums.append(
                PodiumBlock(
                    kind,
                    standing.category,
                    [row for row in standing.rows if row.medal is not None],
                    standing.undecided_podium,
                    standing.champion,
                    standing.title,
                )
            )
    teams = team_page(tournament, staff=staff)
    if teams.over:
        page.teams = [row for row in teams.rows if row.medal is not None]
        page.teams_undecided = any(row.shared and row.rank <= PODIUM_PLACES for row in teams.rows)
    page.ended_early = ended_early_games(tournament)
    return page
