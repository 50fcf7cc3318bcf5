import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from interchange.exporter import export_tournament
from tournament.models import Tournament


def tournament_or_error(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(_("There is no tournament „%(slug)s“.") % {"slug": slug}) from None


def write_json(stdout, document: dict) -> None:
    stdout.write(json.dumps(document, ensure_ascii=False, indent=1))


class Command(BaseCommand):
    help = _("Writes a tournament as a syllabatim-tournament document to standard output.")

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        write_json(self.stdout, export_tournament(tournament_or_error(slug)))
