from django.core.checks import Tags
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from season.archive import rebuild_archive


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Writes the archive's summary of every completed tournament again (the places, medals, "
        "titles, best rounds and closes the archive and the persons' pages read)."
    )

    def handle(self, *args, **options):
        written = rebuild_archive()
        self.stdout.write(_("Archive rebuilt: %(count)s entries.") % {"count": written})
