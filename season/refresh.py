"""What a change of a tournament's results brings up to date, in one place (issue 35): the
archive's summary of each tournament changed (``archive.refresh_archive``) and the rating of
persons (``rating.refresh``). ``tournament.changes`` calls it from the change stamp once a
write that moved it is done (registered in ``SeasonConfig.ready`` through
``tournament.registry.register_on_change``): no service calls it, so none can forget it, and no
reader brings anything up to date (the archive's and the rating's pages read rows)."""

from tournament.models import Tournament

from . import rating
from .archive import refresh_archive


def bring_up_to_date(tournament_ids: set[int]) -> None:
    for tournament in Tournament.objects.filter(pk__in=tournament_ids).order_by("pk"):
        refresh_archive(tournament)
    rating.refresh()
