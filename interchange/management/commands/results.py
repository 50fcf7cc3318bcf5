from django.core.checks import Tags
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from interchange.exporter import write_json
from interchange.results import results_document
from scoring.selectors import tournament_data
from tournament.lookups import tournament_or_error


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _("Writes the computed results of a tournament (syllabatim-results) to standard output.")

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        write_json(self.stdout, results_document(tournament_data(tournament_or_error(slug))))
