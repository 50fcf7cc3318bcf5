"""Public pages are cached whole, under a key built from the tournament's row and revision.

Any change of its data (see ``tournament.changes``) adds one to the revision, and a tournament
replaced by a push from the venue is a new row (a larger id: ids are never reused, SQLite's
AUTOINCREMENT and PostgreSQL's sequences) whose revision carries on from the old one's. So
every state of the data has its own key: every app server reads the key from the one
database before it looks in the cache, none can serve older standings than another has
already shown, and the servers can share one cache (Redis) or each keep their own.
"""

import logging
from functools import wraps

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max, Sum
from django.http import Http404
from django.utils.translation import get_language

from .models import Tournament

TIMEOUT = 600  # seconds; the key changes with every change of the data anyway

log = logging.getLogger(__name__)


def stamp(slug: str | None) -> str:
    if slug is None:  # the list of tournaments: one more, one fewer, or one of them changed
        found = Tournament.objects.aggregate(
            count=Count("pk"), latest=Max("pk"), revisions=Sum("revision")
        )
        return "{count}.{latest}.{revisions}".format(**found)
    found = state_of(slug)
    if found is None:
        raise Http404
    return "{}.{}".format(*found)


def state_of(slug: str) -> tuple[int, int] | None:
    """The tournament's row id and revision: together they name one state of its data (a
    replaced tournament is a new row, a change adds one to the revision); None when there is
    no such tournament. Asked on every public request, cached page or not: plain SQL, because
    building the same one-row query through the ORM cost more than the rest of a cached
    request (bench public)."""
    with connection.cursor() as cursor:
        cursor.execute(_STATE_SQL, [slug])
        return cursor.fetchone()


_STATE_SQL = "SELECT {pk}, {revision} FROM {table} WHERE {slug} = %s".format(
    table=connection.ops.quote_name(Tournament._meta.db_table),
    pk=connection.ops.quote_name(Tournament._meta.pk.column),
    revision=connection.ops.quote_name(Tournament._meta.get_field("revision").column),
    slug=connection.ops.quote_name(Tournament._meta.get_field("slug").column),
)


def _cached(key: str):
    """The cached page, or None; a cache that does not answer serves no page, it stops none."""
    try:
        return cache.get(key)
    except Exception:  # e.g. Redis restarting: render the page instead
        log.warning("the cache does not answer; the page is rendered", exc_info=True)
        return None


def _keep(key: str, response) -> None:
    try:
        cache.set(key, response, TIMEOUT)
    except Exception:
        log.warning("the cache does not answer; the page is not kept", exc_info=True)


def cached_page(view):
    """Cache a public GET page for anonymous readers (signed-in users see their own nav)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        key = "public:{}:{}:{}".format(
            get_language(), stamp(kwargs.get("slug")), request.get_full_path()
        )
        response = _cached(key)
        if response is None:
            response = view(request, *args, **kwargs)
            if response.status_code == 200:
                if hasattr(response, "render"):
                    response.render()
                _keep(key, response)
        return response

    return wrapped
