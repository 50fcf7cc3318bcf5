import json

from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from scoring import links
from tournament.addresses import DEFAULT_BASE_URL, phones_address
from tournament.lookups import account_or_error, add_by_argument, tournament_or_error
from tournament.models import Game, Stage
from ui.addresses import table_url


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Prints the address of each table of a game for its scorekeeper's phone as JSON "
        '({"tables": [{"table": 1, "url": "…"}]}), giving tables without one a new link.'
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--stage", required=True, choices=Stage.Kind.values)
        parser.add_argument("--game", required=True, type=int)
        parser.add_argument(
            "--base-url",
            default=None,
            help=_(
                "The address the phones reach (default: the tournament's address for the "
                "phones, else DJANGO_SITE_URL, else %(url)s)."
            )
            % {"url": DEFAULT_BASE_URL},
        )
        add_by_argument(parser)

    def handle(self, *args, slug, stage, game, base_url, by, **options):
        tournament = tournament_or_error(slug)
        by = account_or_error(by)
        found = (
            Game.objects.select_related("stage")
            .filter(stage__tournament=tournament, stage__kind=stage, number=game)
            .first()
        )
        if found is None:
            raise CommandError(
                _("The tournament has no game %(game)s in this stage.") % {"game": game}
            )
        if not found.draw_confirmed:
            raise CommandError(_("The game's draw is not confirmed yet: its tables may change."))
        phones = phones_address(tournament)
        base = base_url or phones.url
        if not base_url and phones.warning:
            self.stderr.write(phones.warning)
        try:
            links.issue_table_links(game=found, by=by)
        except links.LinkRefused as refused:
            raise CommandError(str(refused)) from None
        tables = [
            {"table": row.table, "url": row.url}
            for row in links.game_links(found, lambda link: table_url(link, base))
        ]
        self.stdout.write(json.dumps({"tables": tables}, ensure_ascii=False))
