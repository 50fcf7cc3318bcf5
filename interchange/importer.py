"""Storing a checked tournament document: all of it in one transaction, or nothing."""

from datetime import date, datetime

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.commitment import seed_hex
from rules.gender import suggested_gender
from rules.rulesets import (
    RuleSet,
    document_lines,
    document_rule_set,
    extra_values,
    poker_settings,
    scrabble_settings,
)
from rules.stages import STAGES
from rules.timestamps import parse_moment
from scoring.models import Lot, Replacement, RoundResult, Sanction, Sheet
from tournament import persons
from tournament.changes import one_touch, touch
from tournament.models import (
    DEFAULT_ORGANISER,
    STAFF_ADDRESSES,
    Commitment,
    Game,
    LocalQualification,
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
    matching_name,
)

from .places import Place, Problem
from .validate import check_document


class DocumentRejected(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


def _datetime(value: str | None) -> datetime | None:
    return None if value is None else parse_moment(value)


def _commitment(tournament: Tournament, audit: dict, kind: str, subject: dict):
    """The published commitment a draw or lot of the document carries (checked already), as
    a used commitment; None when it carries none."""
    if "commitment" not in audit:
        return None
    return Commitment(
        tournament=tournament,
        kind=kind,
        what=audit["what"],
        subject=subject,
        seed=seed_hex(audit["seed"]),
        commitment=audit["commitment"],
        committed_at=_datetime(audit.get("committed_at")),
        used_at=_datetime(audit.get("drawn_at")) or timezone.now(),
    )


def _store_commitments(tournament: Tournament, items: list[tuple[dict, str, dict]]) -> list:
    """Commitments for (audit, kind, subject) items, in one insert; None where none."""
    found = [_commitment(tournament, *item) for item in items]
    Commitment.objects.bulk_create([c for c in found if c is not None])
    return found


def import_tournament(document: object, *, slug: str, replace: bool = False):
    """Check ``document`` and store it as the tournament ``slug``.

    Returns the tournament and the warnings; raises ``DocumentRejected`` with every error,
    leaving the database as it was.
    """
    document, problems = check_document(document)
    errors = [problem for problem in problems if not problem.warning]
    if slug in STAFF_ADDRESSES:
        errors.append(
            Problem(
                Place(),
                _("„%(slug)s“ is the address of a staff page; choose another short name.")
                % {"slug": slug},
            )
        )
    if errors:
        raise DocumentRejected(errors)
    try:
        with transaction.atomic(), one_touch():
            existing = Tournament.objects.filter(slug=slug)
            kept = _persons_kept(existing)
            if existing.exists():
                if not replace:
                    raise DocumentRejected(
                        [
                            Problem(
                                Place(),
                                _(
                                    "a tournament „%(slug)s“ exists already; use --replace "
                                    "to replace it"
                                )
                                % {"slug": slug},
                            )
                        ]
                    )
                existing.delete()
            tournament, linked = _store(document, slug, kept)
            # its stamp moved: its archive's summary and the rating brought up to date
            touch(tournament.pk)
    except DatabaseError as error:  # the checks above should make this unreachable
        raise DocumentRejected(
            [Problem(Place(), _("the database refused the data: %(error)s") % {"error": error})]
        ) from error
    warnings = [problem for problem in problems if problem.warning]
    warnings += [
        Problem(
            Place(player=player.start_number, item="person"),
            _(
                "the person's id is not taken: the name or the birth date does not agree with "
                "that person's on this server (an id is a claim, not a key)"
            ),
            warning=True,
        )
        for player in linked.unclaimed
    ]
    warnings += [
        Problem(
            Place(player=player.start_number),
            _(
                "another person of this name is recorded: the player is a new person, listed "
                "among the possible duplicates for the organiser to merge or keep apart"
            ),
            warning=True,
        )
        for player in linked.duplicates
    ]
    return tournament, warnings


def _persons_kept(existing) -> dict[tuple[int, str], int]:
    """(start number, name as matched) -> the person's id, of the tournament about to be
    replaced: imported again over it, a document keeps its players' persons (an older
    document without persons, or one whose person ids are not taken), and what the tournament
    linked before is its own (``persons.honours_claim``)."""
    return {
        (number, matching_name(name)): person
        for number, name, person in Player.objects.filter(
            tournament__in=existing, person__isnull=False
        ).values_list("start_number", "name", "person")
    }


def _local_qualifications(tournament: Tournament, entries: list[dict]) -> None:
    """A player's local qualification (v5: which local qualifier, which place) linked to this
    database's record of it: the person's qualification by that tournament (slug and first
    day), recorded here when that tournament is here and its record is not. A source this
    database does not hold is kept in words as the reason of "qualified locally"."""
    if not any("local_qualification" in entry for entry in entries):
        return
    by_number = {player.start_number: player for player in tournament.players.all()}
    for entry in entries:
        given = entry.get("local_qualification")
        if given is None:
            continue
        player = by_number[entry["no"]]
        spec = given["source"]
        source = Tournament.objects.filter(
            slug=spec["slug"], start_date=date.fromisoformat(spec["start_date"])
        ).first()
        player.local_qualifier = True
        if source is not None and player.person_id is not None:
            player.local_qualification, _created = LocalQualification.objects.get_or_create(
                person_id=player.person_id,
                source=source,
                defaults={
                    "championship_year": tournament.year,
                    "category": given["category"],
                    "place": given["place"],
                },
            )
        else:
            player.local_qualifier_reason = (
                _("local qualifier %(name)s (%(date)s), place %(place)s in %(category)s")
                % {
                    "name": spec["name"],
                    "date": spec["start_date"],
                    "place": given["place"],
                    "category": given["category"],
                }
            )[:300]
        player.save(
            update_fields=["local_qualifier", "local_qualification", "local_qualifier_reason"]
        )


def _tournament_of(info: dict, slug: str) -> Tournament:
    """The tournament's row from the document's ``tournament`` part, saved."""
    settings = info.get("settings", {})
    quota = settings.get("quota")
    tournament = Tournament(
        slug=slug,
        name=info["name"],
        year=info["year"],
        start_date=date.fromisoformat(info["start_date"]),
        end_date=date.fromisoformat(info["end_date"]) if "end_date" in info else None,
        venue=info.get("venue", ""),
        organiser=info.get("organiser", DEFAULT_ORGANISER),
        qualifier_games=settings.get("qualifier_games"),
        close_bonus=settings.get("close_bonus"),
        max_card_value=settings.get("max_card_value"),
        quota_b1=quota["B1"] if quota else None,
        quota_vs=quota["VS"] if quota else None,
        kind=info.get("kind", TournamentKind.CHAMPIONSHIP),  # v4
        rule_set=settings.get("rule_set", RuleSetChoice.CHAMPIONSHIP),
        plays_finals=settings.get("finals", False),
    )
    if tournament.rule_set == RuleSetChoice.WORD_POKER:  # v6
        poker = poker_settings(settings.get("word_poker", {}))
        tournament.poker_game_end = poker["end"].to
        tournament.poker_deal_wins = poker["end"].deal_wins
        tournament.poker_points_limit = poker["end"].points_limit
        tournament.poker_deals_limit = poker["end"].deals_limit
        tournament.poker_standings = ",".join(poker["order"])
    if tournament.rule_set == RuleSetChoice.SCRABBLE:  # v7
        scrabble = scrabble_settings(settings.get("scrabble", {}))
        tournament.scrabble_bye_margin = scrabble["bye_margin"]
        tournament.scrabble_first_round = scrabble["first_round"]
        tournament.scrabble_king_of_the_hill = scrabble["king_of_the_hill"]
        tournament.scrabble_boards_of_three = scrabble["boards_of_three"]
    tournament.save()
    return tournament


def _store_decisions(document: dict, tournament: Tournament, player_id: dict, games: dict) -> None:
    """The lots (with their commitments), the sanctions and the replacements."""
    lots = document.get("lots", [])
    published = _store_commitments(
        tournament, [(lot, Commitment.Kind.LOT, {"scope": lot["stage"]}) for lot in lots]
    )
    Lot.objects.bulk_create(
        Lot(
            tournament=tournament,
            stage=lot["stage"],
            order=lot["order"],
            seed=lot.get("seed"),
            drawn_at=_datetime(lot.get("drawn_at")),
            drawn_by=lot.get("drawn_by", ""),
            commitment=commitment,
        )
        for lot, commitment in zip(lots, published, strict=True)
    )
    Sanction.objects.bulk_create(
        Sanction(
            tournament=tournament,
            player_id=player_id[sanction["player"]],
            scope=sanction["scope"],
            game=games[(sanction["stage"], sanction["game"])],
            reason=sanction["reason"],
            decided_by=sanction.get("decided_by", ""),
            decided_at=_datetime(sanction.get("decided_at")),
        )
        for sanction in document.get("sanctions", [])
    )
    Replacement.objects.bulk_create(
        Replacement(
            tournament=tournament,
            withdrawn_id=player_id[entry["withdrawn"]],
            replacement_id=player_id[entry["replacement"]],
            reason=entry.get("reason", ""),
            decided_by=entry.get("decided_by", ""),
            decided_at=_datetime(entry.get("decided_at")),
        )
        for entry in document.get("replacements", [])
    )


def _store(
    document: dict, slug: str, kept: dict | None = None
) -> tuple[Tournament, persons.Linked]:
    settings = document["tournament"].get("settings", {})
    tournament = _tournament_of(document["tournament"], slug)

    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            start_number=player["no"],
            name=player["name"],
            birth_date=date.fromisoformat(player["birth_date"]) if "birth_date" in player else None,
            sight_class=player["sight_class"],
            gender=player.get("gender") or suggested_gender(player["name"]),
            club=player.get("club", ""),
            paid=player.get("paid", True),
            local_qualifier=player.get("local_qualifier", False),
            local_qualifier_reason=player.get("local_qualifier_reason", ""),  # v5
            plays_b_final=player.get("plays_b_final", True),
        )
        for player in document["players"]
    )
    linked = persons.link_players(  # v4: the stable id claimed; else by name and birth date
        players, {player["no"]: player.get("person") for player in document["players"]}, kept
    )
    player_id = {player.start_number: player.pk for player in players}
    _local_qualifications(tournament, document["players"])  # v5

    teams = Team.objects.bulk_create(
        Team(tournament=tournament, name=team["name"]) for team in document.get("teams", [])
    )
    TeamMember.objects.bulk_create(
        TeamMember(team=team, player_id=player_id[member])
        for team, spec in zip(teams, document.get("teams", []), strict=True)
        for member in spec["members"]
    )

    games = {}
    held = settings.get("results_held", {})  # v3
    for kind in STAGES:
        spec = document.get("stages", {}).get(kind)
        if spec is not None or kind in held:
            stage = Stage.objects.create(
                tournament=tournament,
                kind=kind,
                results_held=kind in held,
                announcement=held.get(kind, ""),
            )
            for game in _store_stage(tournament, stage, spec or {"games": []}, player_id):
                games[(kind, game.number)] = game

    _store_decisions(document, tournament, player_id, games)
    return tournament, linked


def _club_scores(club: RuleSet | None, results: list[dict]) -> dict:
    """A club rule set's scores of one table's round (the table's: the bonuses)."""
    return club.scores(document_lines(club, results)) if club else {}


def _club_columns(club: RuleSet | None, result: dict, scores: dict) -> dict:
    """What a club rule set's line stores besides the championship's columns."""
    if club is None:
        return {}
    line = document_lines(club, [result])[0]
    return {"rule_values": extra_values(club, line), "rule_score": scores[result["player"]]}


def _store_stage(
    tournament: Tournament, stage: Stage, spec: dict, player_id: dict[int, int]
) -> list[Game]:
    published = _store_commitments(
        tournament,
        [
            (
                game.get("draw", {}),
                Commitment.Kind.DRAW,
                {"stage": stage.kind, "game": game["number"]},
            )
            for game in spec["games"]
        ],
    )
    games = Game.objects.bulk_create(
        Game(
            stage=stage,
            number=game["number"],
            draw_seed=game.get("draw", {}).get("seed"),
            drawn_at=_datetime(game.get("draw", {}).get("drawn_at")),
            drawn_by=game.get("draw", {}).get("drawn_by", ""),
            draw_options={
                key: game["draw"][key]
                for key in ("swaps", "ratings")  # v3, v7
                if game.get("draw", {}).get(key)
            },
            commitment=commitment,
            ended_early_at=_datetime(game.get("ended_early", {}).get("at")),
            ended_early_by=game.get("ended_early", {}).get("by", ""),
            rounds_dropped=game.get("ended_early", {}).get("rounds_dropped", []),
        )
        for game, commitment in zip(spec["games"], published, strict=True)
    )
    rounds = Round.objects.bulk_create(
        Round(game=game, position=position, number=number)
        for game, game_spec in zip(games, spec["games"], strict=True)
        for position, number in enumerate(game_spec["rounds"])
    )
    round_id = {(r.game_id, r.number): r.pk for r in rounds}
    table_specs = [
        (game, table)
        for game, game_spec in zip(games, spec["games"], strict=True)
        for table in game_spec["tables"]
    ]
    tables = Table.objects.bulk_create(
        Table(game=game, number=table["number"], starting_seat=table.get("starting_seat", 0))
        for game, table in table_specs
    )
    Seat.objects.bulk_create(
        Seat(table=table, game_id=table.game_id, position=position, player_id=player_id[number])
        for table, (_game, table_spec) in zip(tables, table_specs, strict=True)
        for position, number in enumerate(table_spec["seats"])
    )
    club = document_rule_set({"settings": {"rule_set": tournament.rule_set}})
    RoundResult.objects.bulk_create(
        (
            RoundResult(
                table=table,
                round_id=round_id[(table.game_id, entry["round"])],
                player_id=player_id[result["player"]],
                laid=result["laid"],
                unused=result["unused"],
                closed=result["closed"],
                disqualified=result.get("disqualified", False),
                penalty=result.get("penalty", 0),
                **_club_columns(club, result, scores),
            )
            for table, (_game, table_spec) in zip(tables, table_specs, strict=True)
            for entry in table_spec.get("rounds", [])
            for scores in [_club_scores(club, entry["results"])]
            for result in entry["results"]
        ),
        batch_size=2000,
    )
    imported = timezone.now()  # results that arrive in a file are official: confirmed
    Sheet.objects.bulk_create(
        Sheet(
            table=table, round_id=round_id[(table.game_id, entry["round"])], confirmed_at=imported
        )
        for table, (_game, table_spec) in zip(tables, table_specs, strict=True)
        for entry in table_spec.get("rounds", [])
    )
    return games
