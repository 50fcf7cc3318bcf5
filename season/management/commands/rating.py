from django.core.checks import Tags
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from season import rating
from season.models import PersonRating, RatingEntry


class Command(BaseCommand):
    help = _(
        "Brings the rating of persons up to date (new complete games of rated tournaments); "
        "--recompute computes it from scratch in time order, e.g. after a corrected sheet."
    )
    requires_system_checks = [Tags.models]

    def add_arguments(self, parser):
        parser.add_argument(
            "--recompute",
            action="store_true",
            help=_("Compute every rating from scratch, whatever changed."),
        )

    def handle(self, *args, recompute: bool = False, **options):
        if recompute:
            rating.recompute()
            how = rating.RECOMPUTED
        else:
            how = rating.refresh()
        words = {
            rating.CURRENT: _("The rating was up to date."),
            rating.INCREMENTAL: _("The new games were rated."),
            rating.RECOMPUTED: _("The rating was computed from scratch."),
        }[how]
        self.stdout.write(
            _("%(words)s Rated games: %(games)s; persons: %(persons)s.")
            % {
                "words": words,
                "games": RatingEntry.objects.values("table").distinct().count(),
                "persons": PersonRating.objects.values("person").distinct().count(),
            }
        )
