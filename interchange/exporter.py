"""The ``syllabatim-tournament`` document of a stored tournament."""

import json
from collections import defaultdict

from django.utils import timezone

from rules.rulesets import poker_document, scrabble_document
from rules.score import RESULT_FIELDS
from scoring.models import Lot, Replacement, RoundResult, Sanction
from tournament.models import (
    DrawStatus,
    Game,
    Player,
    Round,
    RuleSetChoice,
    Seat,
    Stage,
    Table,
    Team,
    TeamMember,
    Tournament,
    TournamentKind,
)

FORMAT = "syllabatim-tournament"
VERSION = 7


def write_json(out, document: dict) -> None:
    """A document as the commands print it: UTF-8 as it is, one space of indent."""
    out.write(json.dumps(document, ensure_ascii=False, indent=1))


def _moment(value) -> str:
    return timezone.localtime(value).isoformat()


def _audit(obj, seed_field: str) -> dict:
    """How a draw or lot was drawn; with the commitment its seed was published under (load
    ``commitment`` with the row)."""
    audit = {}
    if getattr(obj, seed_field) is not None:
        audit["seed"] = getattr(obj, seed_field)
    if obj.drawn_at is not None:
        audit["drawn_at"] = _moment(obj.drawn_at)
    if obj.drawn_by:
        audit["drawn_by"] = obj.drawn_by
    published = obj.commitment
    if published is not None and "seed" in audit:
        audit["commitment"] = published.commitment
        if published.committed_at is not None:
            audit["committed_at"] = _moment(published.committed_at)
        audit["what"] = published.what
    return audit


def tournament_info(tournament: Tournament) -> dict:
    info = {
        "name": tournament.name,
        "year": tournament.year,
        "start_date": tournament.start_date.isoformat(),
    }
    if tournament.venue:
        info["venue"] = tournament.venue
    if tournament.kind != TournamentKind.CHAMPIONSHIP:  # v4
        info["kind"] = tournament.kind
    settings = {}
    if tournament.rule_set != RuleSetChoice.CHAMPIONSHIP:  # v4
        settings["rule_set"] = tournament.rule_set
    if tournament.rule_set == RuleSetChoice.WORD_POKER:  # v6
        settings["word_poker"] = poker_document(tournament.rules())
    if tournament.rule_set == RuleSetChoice.SCRABBLE:  # v7
        settings["scrabble"] = scrabble_document(tournament.rules())
    if tournament.plays_finals:  # v4
        settings["finals"] = True
    if tournament.close_bonus is not None:
        settings["close_bonus"] = tournament.close_bonus
    if tournament.max_card_value is not None:
        settings["max_card_value"] = tournament.max_card_value
    if tournament.quota_override() is not None:
        settings["quota"] = tournament.quota_override()
    if tournament.qualifier_games is not None:
        settings["qualifier_games"] = tournament.qualifier_games
    held = dict(
        Stage.objects.filter(tournament=tournament, results_held=True)
        .order_by("kind")
        .values_list("kind", "announcement")
    )
    if held:  # v3: the stages whose results are held for the announcement
        settings["results_held"] = held
    if settings:
        info["settings"] = settings
    if tournament.end_date is not None:
        info["end_date"] = tournament.end_date.isoformat()
    if tournament.organiser:
        info["organiser"] = tournament.organiser
    return info


def player_entry(player: Player) -> dict:
    entry = {"no": player.start_number, "name": player.name}
    if player.birth_date is not None:
        entry["birth_date"] = player.birth_date.isoformat()
    entry["sight_class"] = player.sight_class
    entry["gender"] = player.gender
    if player.club:
        entry["club"] = player.club
    entry.update(
        paid=player.paid, local_qualifier=player.local_qualifier, plays_b_final=player.plays_b_final
    )
    if player.person is not None:  # v4: the person's stable id (load ``person`` with the row)
        entry["person"] = str(player.person.uuid)
    qualification = player.local_qualification  # v5: where "qualified locally" comes from
    if qualification is not None:
        source = qualification.source
        entry["local_qualification"] = {
            "source": {
                "slug": source.slug,
                "name": source.name,
                "start_date": source.start_date.isoformat(),
            },
            "category": qualification.category,
            "place": qualification.place,
        }
    elif player.local_qualifier_reason:
        entry["local_qualifier_reason"] = player.local_qualifier_reason
    return entry


def export_tournament(tournament: Tournament) -> dict:
    """Everything stored of a tournament, in a fixed number of queries."""
    document = {"format": FORMAT, "version": VERSION, "tournament": tournament_info(tournament)}
    document["players"] = [
        player_entry(p)
        for p in Player.objects.filter(tournament=tournament)
        .select_related("person", "local_qualification__source")
        .order_by("id")
    ]
    members = defaultdict(list)
    for team_id, number in (
        TeamMember.objects.filter(team__tournament=tournament)
        .order_by("id")
        .values_list("team_id", "player__start_number")
    ):
        members[team_id].append(number)
    teams = Team.objects.filter(tournament=tournament).order_by("id")
    if teams:
        document["teams"] = [{"name": team.name, "members": members[team.pk]} for team in teams]

    stages = {stage.pk: stage.kind for stage in Stage.objects.filter(tournament=tournament)}
    if stages:
        document["stages"] = _stages(tournament, stages)

    lots = Lot.objects.filter(tournament=tournament).select_related("commitment").order_by("id")
    if lots:
        document["lots"] = [
            {"stage": lot.stage, "order": lot.order, **_audit(lot, "seed")} for lot in lots
        ]
    sanctions = sanction_entries(tournament)
    if sanctions:
        document["sanctions"] = sanctions
    replacements = replacement_entries(tournament)
    if replacements:
        document["replacements"] = replacements
    return document


def replacement_entries(tournament: Tournament) -> list[dict]:
    """The organiser's replacements in the A-final, in the order decided (version 3)."""
    entries = []
    for row in (
        Replacement.objects.filter(tournament=tournament)
        .order_by("id")
        .values(
            "withdrawn__start_number",
            "replacement__start_number",
            "reason",
            "decided_by",
            "decided_at",
        )
    ):
        entry = {
            "withdrawn": row["withdrawn__start_number"],
            "replacement": row["replacement__start_number"],
        }
        for key in ("reason", "decided_by"):
            if row[key]:
                entry[key] = row[key]
        if row["decided_at"] is not None:
            entry["decided_at"] = _moment(row["decided_at"])
        entries.append(entry)
    return entries


def sanction_entries(tournament: Tournament) -> list[dict]:
    """The sanctions in force (a withdrawn one is history, not part of the tournament)."""
    entries = []
    for row in (
        Sanction.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .order_by("id")
        .values(
            "player__start_number",
            "scope",
            "game__stage__kind",
            "game__number",
            "reason",
            "decided_by",
            "decided_at",
        )
    ):
        entry = {
            "player": row["player__start_number"],
            "scope": row["scope"],
            "stage": row["game__stage__kind"],
            "game": row["game__number"],
            "reason": row["reason"],
        }
        if row["decided_by"]:
            entry["decided_by"] = row["decided_by"]
        if row["decided_at"] is not None:
            entry["decided_at"] = _moment(row["decided_at"])
        entries.append(entry)
    return entries


def _stages(tournament: Tournament, stages: dict[int, str]) -> dict:
    in_tournament = {"stage__tournament": tournament}
    rounds = defaultdict(list)  # game id -> round numbers in playing order
    for game_id, number in (
        Round.objects.filter(game__stage__tournament=tournament)
        .order_by("game_id", "position")
        .values_list("game_id", "number")
    ):
        rounds[game_id].append(number)
    seats = defaultdict(list)  # table id -> start numbers clockwise
    for table_id, number in (
        Seat.objects.filter(game__stage__tournament=tournament)
        .order_by("table_id", "position")
        .values_list("table_id", "player__start_number")
    ):
        seats[table_id].append(number)
    results = defaultdict(lambda: defaultdict(list))  # table id -> round number -> rows
    for row in (
        RoundResult.objects.filter(table__game__stage__tournament=tournament)
        .order_by("table_id", "round__position", "id")
        .values(
            "table_id",
            "round__number",
            "player__start_number",
            *RESULT_FIELDS,
            "rule_values",
        )
    ):
        results[row["table_id"]][row["round__number"]].append(
            {
                "player": row["player__start_number"],
                "laid": row["laid"],
                "unused": row["unused"],
                "closed": row["closed"],
                "disqualified": row["disqualified"],
                "penalty": row["penalty"],
                **row["rule_values"],  # v4: what a club rule set's sheet asks besides
            }
        )
    tables = defaultdict(list)
    for table in Table.objects.filter(game__stage__tournament=tournament).order_by("number"):
        order = {number: i for i, number in enumerate(seats[table.pk])}
        played = results[table.pk]
        tables[table.game_id].append(
            {
                "number": table.number,
                "seats": seats[table.pk],
                "starting_seat": table.starting_seat,
                "rounds": [
                    {
                        "round": number,
                        "results": sorted(played[number], key=lambda r: order.get(r["player"], 0)),
                    }
                    for number in played
                ],
            }
        )
    document = {
        kind: {"games": []} for kind in sorted(stages.values(), key=Stage.Kind.values.index)
    }
    # A draft draw is not announced yet: only confirmed seatings are part of the tournament.
    for game in (
        Game.objects.filter(**in_tournament, draw_status=DrawStatus.CONFIRMED)
        .select_related("commitment")
        .order_by("number")
    ):
        entry = {"number": game.number, "rounds": rounds[game.pk], "tables": tables[game.pk]}
        audit = _audit(game, "draw_seed")
        swaps = (game.draw_options or {}).get("swaps")
        if swaps:  # v3: the organiser's swaps after the seeded draw, in order
            audit["swaps"] = swaps
        ratings = (game.draw_options or {}).get("ratings")
        if ratings and audit:  # v7: the ratings a Scrabble first round was paired by
            audit["ratings"] = ratings
        if audit:
            entry["draw"] = audit
        if game.ended_early_at is not None:  # v3
            ended = {"at": _moment(game.ended_early_at)}
            if game.ended_early_by:
                ended["by"] = game.ended_early_by
            ended["rounds_dropped"] = list(game.rounds_dropped)
            entry["ended_early"] = ended
        document[stages[game.stage_id]]["games"].append(entry)
    return document
