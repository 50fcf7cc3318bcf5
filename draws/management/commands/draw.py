import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from draws.selectors import game_tables
from draws.services import DrawRefused, draw_game, table_problem
from rules import draw as rules_draw
from tournament.lookups import tournament_or_error
from tournament.models import Stage


def round_numbers(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise CommandError(
            _("--rounds: give round numbers separated by commas, e.g. 5,2,7.")
        ) from None


def draw_document(game) -> dict:
    """The draw of a game as the command prints it."""
    return {
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


class Command(BaseCommand):
    help = _(
        "Draws a game's tables (and a qualifier game's rounds), stores the draw confirmed "
        "and prints it as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--stage", required=True, choices=Stage.Kind.values)
        parser.add_argument("--game", required=True, type=int)
        parser.add_argument("--seed", type=int)
        parser.add_argument("--tables", type=int)
        parser.add_argument("--rounds", type=round_numbers, help=_("e.g. 5,2,7"))
        parser.add_argument("--by", default=_("command line"), help=_("who draws"))

    def handle(self, *args, slug, stage, game, seed, tables, rounds, by, **options):
        tournament = tournament_or_error(slug)
        try:
            drawn = draw_game(
                tournament=tournament,
                kind=stage,
                number=game,
                by=by,
                seed=seed,
                tables=tables,
                rounds=rounds,
                confirm=True,
            )
        except DrawRefused as refused:
            raise CommandError(str(refused)) from None
        except ValueError as error:  # a round range or list the rules refuse
            raise CommandError(str(error)) from None
        sizes = drawn.draw_options["tables"]
        plan = rules_draw.TablePlan(tuple(sizes), drawn.draw_options.get("table_problem"))
        problem = table_problem(plan, sum(sizes))
        if problem:
            self.stderr.write(_("Warning: %(problem)s") % {"problem": problem})
        self.stdout.write(json.dumps(draw_document(drawn), ensure_ascii=False))
