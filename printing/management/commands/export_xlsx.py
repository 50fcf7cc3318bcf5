from pathlib import Path

from django.core.checks import Tags
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from printing.workbook import championship_workbook
from tournament.lookups import tournament_or_error


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Writes the whole championship as an Excel workbook: the players (in the "
        "registration layout), the standings of each stage, every round result, the teams."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", required=True, type=Path)

    def handle(self, *args, slug, out, **options):
        out.write_bytes(championship_workbook(tournament_or_error(slug)))
        self.stdout.write(str(out))
