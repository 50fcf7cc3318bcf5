from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from refusals import Refused
from sync.services import create_push_token
from tournament.models import TournamentKind


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Makes a key that lets the venue push the tournament SLUG, and no other, to this "
        "server, and prints it (only this once: the server keeps only its digest). The first "
        "key creates the tournament for pushes with --kind and --year (those of the tournament "
        "SLUG, when this server has it): a push cannot change them."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("short name of the tournament"))
        parser.add_argument(
            "--kind",
            choices=TournamentKind.values,
            help=_("the kind of the tournament (its first key, when this server lacks it)"),
        )
        parser.add_argument(
            "--year",
            type=int,
            help=_("the year of the tournament (its first key, when this server lacks it)"),
        )

    def handle(self, *args, slug, kind, year, **options):
        try:
            token = create_push_token(slug=slug, kind=kind, year=year, by=None)
        except Refused as refused:
            raise CommandError(str(refused)) from refused
        self.stderr.write(
            _("The push key of %(slug)s (shown only now; keep it at the venue):") % {"slug": slug}
        )
        self.stdout.write(token)
