from django.core.checks import Tags
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from interchange.exporter import export_tournament, write_json
from tournament.lookups import tournament_or_error


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _("Writes a tournament as a syllabatim-tournament document to standard output.")

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        write_json(self.stdout, export_tournament(tournament_or_error(slug)))
