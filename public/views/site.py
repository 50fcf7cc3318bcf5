"""The site's own pages outside a championship: health, the icon, the front page."""

from datetime import UTC, datetime

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

import sharedcache
from accounts.access import public
from sharedcache import not_cached_whole
from tournament import disk
from tournament.addresses import INSTANCE_HEADER, instance_token
from tournament.models import Tournament
from ui.page_cache import cached_page


@public
@not_cached_whole("no data: the framework and the cache's state, never stored")
def health(request):
    """For load balancers and the benchmark's floor: the framework and the cache's state, no
    database. A cache that does not answer leaves the server serving (the pages are rendered,
    the guesses counted per process): still 200, with the outage named."""
    down_since = sharedcache.state()
    cache = "ok" if down_since is None else f"unavailable since {down_since}"
    space = disk.state()
    status, disk_line = health_of_disk(space)
    response = HttpResponse(
        f"{status}\ncache: {cache}\ndisk: {disk_line}\n", content_type="text/plain"
    )
    response["Cache-Control"] = "no-store"
    # which server this is: the settings page checks the phones' address reaches this one
    response[INSTANCE_HEADER] = instance_token()
    return response


def health_of_disk(space: disk.DiskState) -> tuple[str, str]:
    """The first line of ``/zdravi/`` and its disk's line: "disk full" while saves fail for a
    full disk (the pages are still served), the free space, and "low" under the warning's
    threshold."""
    free = "unknown" if space.free is None else f"{space.free_mib} MiB free"
    if space.full:
        since = datetime.fromtimestamp(space.full_since, tz=UTC).isoformat(timespec="seconds")
        return "disk full", f"full since {since}: nothing can be saved; {free}"
    return "ok", f"low, {free}" if space.low else f"ok, {free}"


FAVICON = settings.BASE_DIR / "static" / "favicon.ico"


@public
@not_cached_whole("a file read once, cached by browsers for a day")
@require_safe
def favicon(request):
    """/favicon.ico, which browsers ask for whatever the page links: the site's icon (the
    pages also link it and its SVG from the static files)."""
    response = HttpResponse(FAVICON.read_bytes(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@public
@cached_page
def front_page(request):
    tournaments = Tournament.objects.order_by("-year", "name")
    return render(request, "public/front_page.html", {"tournaments": tournaments})
