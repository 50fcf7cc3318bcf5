"""Reads for the public pages only (the player's page, finding one's seat, the archive), each
in a fixed number of queries; what the pages share with the printouts is ``scoring.pages``.
"""

import dataclasses
import uuid
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Max, Sum
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.rulesets import deal_size
from rules.sanctions import Sanction as SanctionData
from rules.sanctions import void, voided_games
from rules.score import entry_of, round_score
from scoring.models import RoundResult
from scoring.pages import PlayerInfo, SeatRow, player_infos  # noqa: F401
from scoring.publicity import has_held_results, with_held_results
from scoring.selectors import (
    sanction_rows,
    seated_by_game,
    tournament_data,
    unconfirmed_sheets,
)
from scoring.standings import (
    STAGES,
    ranks_after_games,
)
from season.models import ArchiveEntry
from tournament.collation import folded
from tournament.labels import stage_label
from tournament.models import Person, Player, Seat, Stage, Tournament, TournamentKind


def matches(player: PlayerInfo, query: str) -> bool:
    """Whether a reader looking for ``query`` means this player: by start number ("7", "7.",
    "č. 7"), or by name typed with or without accents, words in any order ("kolar", "Jan
    Kolář")."""
    query = query.strip()
    digits = query.removeprefix("č.").strip(" .#")
    if digits.isdigit():
        return player.number == int(digits)
    words = folded(query).split()
    return bool(words) and all(word in folded(player.name) for word in words)


def find_seats(rows: list[SeatRow], query: str) -> list[SeatRow]:
    """The rows of the players a reader looks for (``matches``)."""
    return [row for row in rows if matches(row.player, query)]


@dataclass(frozen=True)
class LastSeat:
    """Where a player sat last: the latest game of the latest stage they were drawn to."""

    player: PlayerInfo
    stage: str
    game: int
    table: int
    seat: int  # 1-based, clockwise


def last_seats(tournament: Tournament, players: list[PlayerInfo]) -> dict[int, LastSeat | None]:
    """Each player's last seat in a confirmed draw (None: never drawn). One query."""
    found: dict[int, LastSeat | None] = {player.number: None for player in players}
    if not players:
        return found
    by_number = {player.number: player for player in players}
    for number, kind, game, table, position in Seat.objects.filter(
        game__stage__tournament=tournament,
        game__draw_status="confirmed",
        player__start_number__in=list(by_number),
    ).values_list(
        "player__start_number", "game__stage__kind", "game__number", "table__number", "position"
    ):
        seat = LastSeat(by_number[number], kind, game, table, position + 1)
        known = found[number]
        if known is None or (STAGES.index(kind), game) > (STAGES.index(known.stage), known.game):
            found[number] = seat
    return found


def seat_words(stage: str, game: int, table: int, seat: int, tournament=None) -> str:
    """A seat in words: "finále A, partie 2, stůl 2, místo 1"."""
    return _("%(stage)s, game %(game)s, table %(table)s, seat %(seat)s") % {
        "stage": stage_label(stage, tournament),
        "game": game,
        "table": table,
        "seat": seat,
    }


SPOKEN_ANSWERS = 3  # more seats found than this: the title says how many, the list says where


@dataclass(frozen=True)
class SeatAnswer:
    """One player's answer: the name (Czech on every page) and the rest in words."""

    name: str
    words: str  # "finále A, partie 2, stůl 2, místo 1", or why there is no seat

    def __str__(self) -> str:
        return f"{self.name}: {self.words}"


def seat_answer(tournament: Tournament, announced, found_rows, query: str) -> dict:
    """What the search found, in words: each seat found in the games being played, and the
    players of that name or number who have no seat in them, with their last seat."""
    answers = [
        SeatAnswer(
            row.player.name,
            seat_words(game.stage.kind, game.number, row.table, row.seat, tournament),
        )
        for game, rows in found_rows
        for row in rows
    ]
    seated = {row.player.number for _game, rows in found_rows for row in rows}
    named = [
        info
        for info in player_infos(tournament).values()
        if info.number not in seated and matches(info, query)
    ]
    games = "; ".join(
        _("%(stage)s, game %(game)s")
        % {"stage": stage_label(item.game.stage.kind, tournament), "game": item.game.number}
        for item in announced
    )
    if any(item.in_play for item in announced):
        no_seat = _("no seat in the games being played (%(games)s).") % {"games": games}
    else:
        no_seat = _("no seat in the last games played (%(games)s).") % {"games": games}
    not_in_play = []
    for number, last in sorted(last_seats(tournament, named).items()):
        name = next(player.name for player in named if player.number == number)
        words = no_seat
        if last is None:
            words += " " + _("Not drawn to a table yet.")
        else:
            seat = seat_words(last.stage, last.game, last.table, last.seat, tournament)
            words += " " + _("Last seat: %(seat)s.") % {"seat": seat}
        not_in_play.append(SeatAnswer(name, words))
    if answers and len(answers) <= SPOKEN_ANSWERS:
        title = "; ".join(str(answer) for answer in answers)
    elif answers:
        title = ngettext("%(count)s player found", "%(count)s players found", len(answers)) % {
            "count": len(answers)
        }
    elif len(not_in_play) == 1:
        title = str(not_in_play[0])
    elif not_in_play:
        title = _("No seat in the games being played")
    else:
        title = _("Nobody found")
    return {"answers": answers, "not_in_play": not_in_play, "answer_title": title}


@dataclass(frozen=True)
class PlayerRound:
    stage: str
    game: int
    table: int
    round: int
    deal: int
    laid: int
    unused: int
    closed: bool
    disqualified: bool
    penalty: int
    score: int
    total: int  # the running total in the stage
    provisional: bool
    voided: bool = False  # the player is disqualified from the game: the round scores nothing


@dataclass
class PlayerPage:
    player: PlayerInfo
    rounds: list[PlayerRound]
    ranks: list[tuple[str, int, int]]  # (stage, after game, rank in the player's list)
    totals: dict[str, int]
    sanctions: list = field(default_factory=list)  # scoring.selectors.SanctionRow in force


def player_page(tournament: Tournament, number: int) -> PlayerPage | None:
    infos = player_infos(tournament)
    if number not in infos:
        return None
    bonus = tournament.scoring_settings().close_bonus
    pending = set()
    for stage in Stage.objects.filter(tournament=tournament):
        pending |= unconfirmed_sheets(stage)
    sanctions = [  # what happened, never why: the reasons are the staff's
        dataclasses.replace(s, reason="", withdrawal_reason="")
        for s in sanction_rows(tournament)
        if s.player == number
    ]
    voided = voided_games(SanctionData(s.player, s.scope, s.stage, s.game) for s in sanctions)
    own = (
        RoundResult.objects.filter(player__tournament=tournament, player__start_number=number)
        .order_by("table__game__stage__kind", "table__game__number", "round__position")
        .values_list(
            "table__game__stage__kind",
            "table__game__number",
            "table__number",
            "round__number",
            "laid",
            "unused",
            "closed",
            "disqualified",
            "penalty",
            "rule_score",
            "table_id",
            "round_id",
        )
    )
    rounds, totals = [], defaultdict(int)
    for kind, game, table, round_number, *values, scored, table_id, round_id in sorted(
        own, key=lambda r: (STAGES.index(r[0]), r[1])
    ):
        entry = entry_of(*values, scored)
        is_voided = (kind, game, number) in voided
        score = round_score(void(entry) if is_voided else entry, bonus)
        totals[kind] += score
        rounds.append(
            PlayerRound(
                kind,
                game,
                table,
                round_number,
                deal_size(tournament.rule_set, round_number),
                *values,
                score,
                totals[kind],
                (table_id, round_id) in pending,
                is_voided,
            )
        )
    return PlayerPage(
        infos[number],
        rounds,
        rank_history(tournament, number),
        dict(totals),
        sanctions,
    )


def rank_history(tournament: Tournament, number: int) -> list[tuple[str, int, int]]:
    """The player's rank in their list after each game of each stage they played (as the
    standings would have stood then, sanctions in force applied)."""
    ranks = ranks_after_games(tournament_data(tournament), seated_by_game(tournament))
    return sorted(
        ((kind, game, rank) for (kind, game, player), rank in ranks.items() if player == number),
        key=lambda item: (STAGES.index(item[0]), item[1]),
    )


@dataclass(frozen=True)
class Champion:
    year: int
    tournament: Tournament
    category: str
    name: str
    person: uuid.UUID | None  # the person's page


@dataclass(frozen=True)
class Record:
    name: str
    value: int
    person: uuid.UUID | None = None
    year: int | None = None  # the championship of a single-round record


@dataclass
class Archive:
    champions: list[Champion]
    best_rounds: list[Record]
    most_closes: list[Record]
    most_titles: list[Record]


def _announced(entries):
    """Archive entries of results announced: a tournament with a stage held for the
    ceremony shows nothing of it until the results are released."""
    return entries.exclude(tournament__in=with_held_results())


PERSON = ("player__person__uuid", "player__person__name")


def archive(shown: int = 10) -> Archive:
    """The champions by year and category, and the records over all tournaments by person
    (best single round, most closes, most titles), read from the stored summary of completed
    tournaments (``season.archive``): five queries, however many tournaments there are."""
    entries = _announced(ArchiveEntry.objects.all())
    champions = [
        Champion(
            e.tournament.year,
            e.tournament,
            e.category,
            e.player.name,
            e.player.person.uuid if e.player.person_id else None,
        )
        for e in entries.filter(champion=True, tournament__kind=TournamentKind.CHAMPIONSHIP)
        .select_related("tournament", "player__person")
        .order_by("-tournament__year", "tournament__name", "category")
    ]
    by_person = entries.filter(player__person__isnull=False).values(*PERSON)
    best = list(by_person.annotate(value=Max("best_round")).order_by("-value", PERSON[1])[:shown])
    years = {}
    for person, value, year in (
        entries.filter(player__person__uuid__in=[row[PERSON[0]] for row in best])
        .order_by("tournament__start_date")
        .values_list(PERSON[0], "best_round", "tournament__year")
    ):
        years.setdefault((person, value), year)  # the first time it was played

    def records(rows, with_year=False) -> list[Record]:
        return [
            Record(
                row[PERSON[1]],
                row["value"],
                row[PERSON[0]],
                years.get((row[PERSON[0]], row["value"])) if with_year else None,
            )
            for row in rows
            if row["value"]
        ]

    return Archive(
        champions,
        records(best, with_year=True),
        records(by_person.annotate(value=Sum("closes")).order_by("-value", PERSON[1])[:shown]),
        records(
            by_person.filter(champion=True)
            .annotate(value=Count("id"))
            .order_by("-value", PERSON[1])[:shown]
        ),
    )


@dataclass(frozen=True)
class PersonTournament:
    tournament: Tournament
    number: int  # the start number, for the player's page
    entry: ArchiveEntry | None  # None: not complete yet, or its results held


@dataclass
class PersonPage:
    person: Person
    tournaments: list[PersonTournament]

    @property
    def titles(self) -> int:
        return sum(1 for t in self.tournaments if t.entry and t.entry.champion)

    @property
    def medals(self) -> int:
        return sum(1 for t in self.tournaments if t.entry and t.entry.medal)


def person_page(person: Person) -> PersonPage:
    """Every tournament the person played, newest first, with the stored summary of each
    completed one (nothing of a tournament whose results are held). Two queries."""
    players = (
        Player.objects.filter(person=person)
        .annotate(held=has_held_results())
        .select_related("tournament", "archive_entry")
        .order_by("-tournament__start_date", "-tournament_id")
    )
    return PersonPage(
        person,
        [
            PersonTournament(
                player.tournament,
                player.start_number,
                None if player.held else getattr(player, "archive_entry", None),
            )
            for player in players
        ],
    )
