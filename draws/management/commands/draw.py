import json

from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from draws.selectors import game_tables
from draws.services import (
    DrawRefused,
    draw_game,
    open_draw_commitment,
    publish_draw_commitment,
    table_problem,
)
from rules import draw as rules_draw
from tournament.lookups import account_or_error, add_by_argument, tournament_or_error
from tournament.models import Stage


def round_numbers(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise CommandError(
            _("--rounds: give round numbers separated by commas, e.g. 5,2,7.")
        ) from None


def seed_argument(text: str) -> int | str:
    """A seed as typed: digits only are a whole number, otherwise hexadecimal text."""
    if text.isdigit():
        return int(text)
    if text and all(c in "0123456789abcdefABCDEF" for c in text):
        return text
    raise CommandError(_("--seed: a whole number or hexadecimal digits."))


def commitment_document(commitment) -> dict:
    return {
        "what": commitment.what,
        "commitment": commitment.commitment,
        "committed_at": commitment.committed_at.isoformat(),
    }


def draw_document(game) -> dict:
    """The draw of a game as the command prints it."""
    document = {
        "seed": game.draw_seed,
        "rounds": game.round_numbers(),
        "tables": [
            {
                "number": table.number,
                "seats": [seat.player.start_number for seat in table.seats],
                "starting_seat": next(seat.position for seat in table.seats if seat.starts),
            }
            for table in game_tables(game)
        ],
    }
    if game.commitment is not None:
        document.update(commitment_document(game.commitment))
    return document


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Draws a game's tables (and a qualifier game's rounds), stores the draw confirmed "
        "and prints it as JSON. --commit publishes the commitment only; a later run draws with "
        "it (without a published commitment one is published at the moment of the draw). "
        "--seed draws without a commitment: for tests and for re-checking a draw."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--stage", required=True, choices=Stage.Kind.values)
        parser.add_argument("--game", required=True, type=int)
        parser.add_argument(
            "--seed",
            type=seed_argument,
            help=_("only for tests and re-checks: draws without a commitment"),
        )
        parser.add_argument(
            "--commit", action="store_true", help=_("publish the commitment and stop")
        )
        parser.add_argument("--tables", type=int)
        parser.add_argument("--rounds", type=round_numbers, help=_("e.g. 5,2,7"))
        add_by_argument(parser)

    def handle(self, *args, slug, stage, game, seed, tables, rounds, by, commit, **options):
        tournament = tournament_or_error(slug)
        by = account_or_error(by)
        try:
            if commit:
                published = publish_draw_commitment(
                    tournament=tournament,
                    kind=stage,
                    number=game,
                    by=by,
                    tables=tables,
                    rounds=rounds,
                )
                self.stdout.write(json.dumps(commitment_document(published), ensure_ascii=False))
                return
            waiting = open_draw_commitment(tournament, stage, game) if seed is None else None
            if waiting is not None and (
                waiting.subject.get("tables"),
                waiting.subject.get("rounds"),
            ) != (tables, rounds):
                waiting = None  # other options: a new commitment is published
            drawn = draw_game(
                tournament=tournament,
                kind=stage,
                number=game,
                by=by,
                commitment=waiting,
                seed=seed,
                **({} if waiting else {"tables": tables, "rounds": rounds}),
                confirm=True,
            )
        except DrawRefused as refused:
            raise CommandError(str(refused)) from None
        except ValueError as error:  # a round range or list the rules refuse
            raise CommandError(str(error)) from None
        sizes = drawn.draw_options["tables"]
        plan = rules_draw.TablePlan(tuple(sizes), drawn.draw_options.get("table_problem"))
        problem = table_problem(
            plan, sum(sizes), drawn.stage.tournament if stage == "qualifier" else None
        )
        if problem:
            self.stderr.write(_("Warning: %(problem)s") % {"problem": problem})
        self.stdout.write(json.dumps(draw_document(drawn), ensure_ascii=False))
