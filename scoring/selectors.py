"""Reads of scoring data: the database turned into ``standings.TournamentData``.

Each loader runs a fixed number of queries, whatever the number of players and rounds.
"""

from rules.score import RoundEntry
from tournament.models import Player, Seat, Stage, Team, Tournament

from .models import Lot, RoundResult, Sheet
from .standings import StageData, TournamentData

RESULT_FIELDS = ("laid", "unused", "closed", "disqualified", "penalty")


def _base(tournament: Tournament) -> TournamentData:
    settings = tournament.scoring_settings()
    return TournamentData(
        year=tournament.year,
        sight_classes={},
        close_bonus=settings.close_bonus,
        quota_override=tournament.quota_override(),
    )


def _add_stage_rows(data: TournamentData, seats, results) -> None:
    for kind, number in seats:
        data.stages.setdefault(kind, StageData()).participants.add(number)
    for kind, number, *values in results:
        data.stages.setdefault(kind, StageData()).results.append((number, RoundEntry(*values)))


def tournament_data(tournament: Tournament) -> TournamentData:
    """Everything the results of a tournament are computed from, in five queries."""
    data = _base(tournament)
    data.sight_classes = dict(
        Player.objects.filter(tournament=tournament).values_list("start_number", "sight_class")
    )
    for name, number in (
        Team.objects.filter(tournament=tournament)
        .order_by("id", "members__id")
        .values_list("name", "members__player__start_number")
    ):
        members = data.teams.setdefault(name, [])
        if number is not None:
            members.append(number)
    _add_stage_rows(
        data,
        Seat.objects.filter(game__stage__tournament=tournament)
        .values_list("game__stage__kind", "player__start_number")
        .distinct(),
        RoundResult.objects.filter(table__game__stage__tournament=tournament).values_list(
            "table__game__stage__kind", "player__start_number", *RESULT_FIELDS
        ),
    )
    data.lots = list(
        Lot.objects.filter(tournament=tournament).order_by("id").values_list("stage", "order")
    )
    return data


def stage_data(stage: Stage) -> TournamentData:
    """What one stage's standings need, in three queries: seated players with their sight
    class, the stage's results, its lots."""
    data = _base(stage.tournament)
    seats = list(
        Seat.objects.filter(game__stage=stage)
        .values_list("player__start_number", "player__sight_class")
        .distinct()
    )
    data.sight_classes = dict(seats)
    _add_stage_rows(
        data,
        [(stage.kind, number) for number, _sight in seats],
        RoundResult.objects.filter(table__game__stage=stage).values_list(
            "table__game__stage__kind", "player__start_number", *RESULT_FIELDS
        ),
    )
    data.lots = list(
        Lot.objects.filter(tournament_id=stage.tournament_id, stage=stage.kind)
        .order_by("id")
        .values_list("stage", "order")
    )
    return data


def unconfirmed_sheets(stage: Stage) -> set[tuple[int, int]]:
    """(table id, round id) of the stage's sheets that still wait for a confirmation; empty
    when the stage does not require one. One query."""
    if not stage.requires_confirmation:
        return set()
    return set(
        Sheet.objects.filter(table__game__stage=stage, confirmed_at__isnull=True).values_list(
            "table_id", "round_id"
        )
    )
