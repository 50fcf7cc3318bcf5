from pathlib import Path

from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.lookups import tournament_or_error
from tournament.registration import import_players


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Registers players and teams from a spreadsheet in the registration layout: all "
        "of it, or nothing when a row is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", type=Path)

    def handle(self, *args, slug, file, **options):
        tournament = tournament_or_error(slug)
        try:
            with file.open("rb") as content:
                outcome = import_players(tournament, content)
        except OSError as problem:
            raise CommandError(
                _("Cannot read %(file)s: %(problem)s") % {"file": file, "problem": problem.strerror}
            ) from None
        if outcome.errors:
            raise CommandError(_("Nothing was stored:") + "\n" + "\n".join(outcome.errors))
        self.stdout.write(outcome.summary())
