"""The archive of championships and each person's tournaments."""

from django.shortcuts import get_object_or_404, redirect, render

from accounts.access import public
from tournament.cache import persons_state
from tournament.labels import CATEGORY_NAMES, stage_label
from tournament.models import Person, TournamentKind
from tournament.persons import resolved
from ui.labels import MEDALS
from ui.page_cache import cached_page

from .. import rating, selectors

RECORDS_SHOWN = 10  # the archive's lists of records show the top ten


@public
@cached_page(state=persons_state)
def archive(request):
    found = selectors.archive(RECORDS_SHOWN)
    return render(
        request,
        "public/archive.html",
        {
            "champions": [
                {"champion": c, "category": CATEGORY_NAMES[c.category]()} for c in found.champions
            ],
            "best_rounds": found.best_rounds,
            "most_closes": found.most_closes,
            "most_titles": found.most_titles,
        },
    )


@public
@cached_page(state=rating.rating_state)
def person(request, person_id):
    """A person's tournaments, places, medals, titles, best rounds and closes (never the
    birth date); a person merged into another is found at the other's address."""
    found = get_object_or_404(Person, uuid=person_id)
    if found.merged_into_id is not None:
        return redirect("tournament:person", person_id=resolved(found).uuid, permanent=True)
    page = selectors.person_page(found)
    return render(
        request,
        "public/person.html",
        {
            "page": page,
            "rows": [_person_row(item) for item in page.tournaments],
            "rating": rating.rating_history(found),
        },
    )


def _person_row(item: selectors.PersonTournament) -> dict:
    entry = item.entry
    return {
        "item": item,
        "kind": TournamentKind(item.tournament.kind).label,
        "stage": stage_label(entry.stage, item.tournament) if entry and entry.stage else "",
        "category": CATEGORY_NAMES[entry.category]() if entry and entry.category else "",
        "medal": MEDALS.get(entry.medal) if entry and entry.medal else None,
    }
