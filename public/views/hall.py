"""The hall's display and its live content."""

from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language

from accounts.access import public
from sharedcache import not_cached_whole
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page, keep_only

from .. import hall, live


def _hall_context(request, tournament) -> dict:
    """The hall display's content now (``public.hall``), with the address it asks next."""
    state = hall.hall_state(tournament, lambda kind: live.stage_standings(tournament, kind))
    view = hall.hall_view(state)
    live_url = (
        reverse("public:hall_live", kwargs={"slug": tournament.slug})
        + "?"
        + urlencode([("od", str(live.Stamp.of(tournament)))])
    )
    return {
        "tournament": tournament,
        "view": view,
        "live_url": live_url,
        "refresh": hall.refresh_seconds(state),
    }


@public
@cached_page
def hall_display(request, slug):
    """The hall's projector: full screen, large print, following the day by itself."""
    tournament = tournament_or_404(slug)
    return render(request, "public/hall.html", _hall_context(request, tournament))


@public
@not_cached_whole("the content is computed once per change (public.live)")
def hall_live(request, slug):
    """The hall display's content for its refresh: 204 while the display's copy (``od``) is
    the newest, else the content now, computed once per change (``public.live``)."""
    tournament = tournament_or_404(slug)
    now = live.Stamp.of(tournament)
    since = live.Stamp.parse(request.GET.get("od", ""))
    if since == now:
        return HttpResponse(status=204)
    keep_only(request, [])
    fragment = live.live_fragment(
        now,
        "hall",
        get_language(),
        lambda: render_to_string("public/_hall.html", _hall_context(request, tournament), request),
    )
    if since is not None and since.has(fragment.stamp):
        return HttpResponse(status=204)
    return HttpResponse(fragment.html)
