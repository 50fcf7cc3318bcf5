"""Reads for the draws: who is drawn for a stage, earlier seatings, a game's tables."""

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules import games
from rules.categories import can_keep_sheet
from rules.draw import Entrant
from rules.sanctions import TOURNAMENT
from rules.scrabble import PlayedRound, odd_of
from rules.stages import QUALIFIER
from scoring.models import RoundResult
from scoring.selectors import sanction_rows, tournament_data
from scoring.standings import final_fields
from tournament.models import Game, Player, Seat, Stage, TeamMember, Tournament
from tournament.words import eligibility_words


@dataclass(frozen=True)
class Field:
    """Who a stage's draw seats, and who it leaves out and why."""

    players: list[Player]
    absent: list[Player]  # would be drawn but are marked absent
    refusal: str | None = None  # a reason the stage cannot be drawn yet (Czech)
    ineligible: tuple = ()  # (player, reasons in words) left out of the qualifier
    unverified: tuple = ()  # drawn, but without a birth date to check the age limit
    expelled: tuple = ()  # (player, the expulsion in words): sit at no later table


def entrant(player: Player, teams: dict[int, str]) -> Entrant:
    return Entrant(player.start_number, can_keep_sheet(player.sight_class), teams.get(player.pk))


def team_of_players(tournament: Tournament) -> dict[int, str]:
    members = TeamMember.objects.filter(team__tournament=tournament)
    return dict(members.values_list("player_id", "team__name"))


def stage_field(tournament: Tournament, kind: str) -> Field:
    """Qualifier: eligible players; A-final: the advancing players (not while a tie at the cut
    is unresolved, nor before the qualifier is over); B-final: the qualifier's other
    participants who take part. Absent and expelled players are left out of every draw."""
    sanctions = sanction_rows(tournament)
    expulsions = {s.player: s for s in sanctions if s.scope == TOURNAMENT}
    everyone = sorted(
        Player.objects.filter(tournament=tournament).select_related("tournament"),
        key=lambda p: p.start_number,
    )
    players = [p for p in everyone if p.start_number not in expulsions]
    expelled = tuple(
        (p, expulsions[p.start_number].words()) for p in everyone if p.start_number in expulsions
    )
    ineligible = ()
    if kind == QUALIFIER:
        if tournament.qualifier_games is None:
            return Field(
                [],
                [],
                _(
                    "Set the number of qualifier games first: it is fixed before the day "
                    "(rule B), and the qualifier is over when that many games are complete."
                ),
                expelled=expelled,
            )
        chosen = [p for p in players if not p.eligibility_problems()]
        ineligible = tuple(
            (p, eligibility_words(p.eligibility_problems()))
            for p in sorted(players, key=lambda p: p.start_number)
            if p.eligibility_problems()
        )
    else:
        data = tournament_data(tournament)
        qualifier = data.stages.get(QUALIFIER)
        if qualifier is None or not qualifier.results:
            return Field([], [], _("The qualifier has no results yet."), expelled=expelled)
        progress = data.progress.get(QUALIFIER)
        if not data.stage_over(QUALIFIER):
            return Field(
                [],
                [],
                _(
                    "The qualifier is not over yet: %(done)s of %(planned)s games are complete "
                    "(entered, and confirmed where required)."
                )
                % {"done": progress.complete_games, "planned": progress.planned or "?"},
                expelled=expelled,
            )
        fields = final_fields(data)
        ties = fields.unresolved
        if ties:
            names = "; ".join(
                _("places %(places)s: players %(players)s")
                % {
                    "places": "–".join(map(str, (tie.places[0], tie.places[-1]))),
                    "players": ", ".join(map(str, tie.keys)),
                }
                for tie in ties
            )
            return Field(
                [],
                [],
                _(
                    "A tie at the qualifier cut is unresolved (%(ties)s): the "
                    "referee must draw a lot first."
                )
                % {"ties": names},
                expelled=expelled,
            )
        if kind == Stage.Kind.FINAL_A:
            chosen = [p for p in players if p.start_number in fields.a_final]
        else:
            chosen = [p for p in players if p.start_number in fields.b_final and p.plays_b_final]
    chosen.sort(key=lambda p: p.start_number)
    drawn = [p for p in chosen if p.present]
    return Field(
        drawn,
        [p for p in chosen if not p.present],
        None,
        ineligible,
        tuple(p for p in drawn if p.birth_date is None),
        expelled,
    )


def earlier_seatings(stage: Stage, before: int) -> list[list[list[int]]]:
    """The seatings (tables of start numbers) of the stage's games numbered below ``before``."""
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for game, table, number in (
        Seat.objects.filter(game__stage=stage, game__number__lt=before)
        .order_by("game__number", "table__number", "position")
        .values_list("game__number", "table__number", "player__start_number")
    ):
        tables[(game, table)].append(number)
    games: dict[int, list[list[int]]] = defaultdict(list)
    for (game, _table), seated in tables.items():
        games[game].append(seated)
    return [games[number] for number in sorted(games)]


def game_has_results(game: Game) -> bool:
    return RoundResult.objects.filter(table__game=game).exists()


@dataclass(frozen=True)
class SeatView:
    position: int
    player: Player
    team: str | None
    starts: bool  # starts the game's first round


@dataclass(frozen=True)
class TableView:
    number: int
    seats: list[SeatView]


def game_tables(game: Game) -> list[TableView]:
    """A game's tables with their players in seating order, in two queries."""
    teams = team_of_players(game.stage.tournament)
    by_table: dict[int, list] = defaultdict(list)
    starting = {}
    for seat in (
        Seat.objects.filter(game=game)
        .select_related("player", "table")
        .order_by("table__number", "position")
    ):
        by_table[seat.table.number].append(seat)
        starting[seat.table.number] = seat.table.starting_seat
    return [
        TableView(
            number,
            [
                SeatView(
                    s.position, s.player, teams.get(s.player_id), s.position == starting[number]
                )
                for s in seats
            ],
        )
        for number, seats in sorted(by_table.items())
    ]


def scrabble_rounds_played(stage: Stage, before: int) -> list[PlayedRound]:
    """A Scrabble stage's rounds (games) numbered below ``before``: each board's final scores
    (its lines' scores by the rule set, stored with the sheet), the round's bye (a board of
    one) and its odd player (third at a board of three). Two queries."""
    boards: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for game, table, number in (
        Seat.objects.filter(game__stage=stage, game__number__lt=before)
        .order_by("game__number", "table__number", "position")
        .values_list("game__number", "table_id", "player__start_number")
    ):
        boards[game][table].append(number)
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    for table, number, score in (
        RoundResult.objects.filter(table__game__stage=stage, table__game__number__lt=before)
        .order_by()
        .values_list("table_id", "player__start_number", "rule_score")
    ):
        scores[table][number] = score
    played = []
    for game in sorted(boards):
        byes = [seated[0] for seated in boards[game].values() if len(seated) == 1]
        odd = [odd_of(seated) for seated in boards[game].values() if odd_of(seated) is not None]
        played.append(
            PlayedRound(
                tuple(
                    {number: scores[table].get(number) for number in seated}
                    for table, seated in boards[game].items()
                    if len(seated) > 1
                ),
                byes[0] if byes else None,
                odd[0] if odd else None,
            )
        )
    return played


def ratings_of(players) -> dict[int, float]:
    """The stored Scrabble rating (skill) of each player's person, by start number (the
    rating keeps one list per game, ``rules.games``); players without a rated person are left
    out. One query."""
    rated = Player.objects.filter(
        pk__in=[p.pk for p in players], person__ratings__game=games.SCRABBLE
    )
    return dict(rated.values_list("start_number", "person__ratings__mu"))
