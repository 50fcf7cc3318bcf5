"""Public pages are cached whole, under a key that contains the tournament's ``changed_at``:
any change of its data (see ``tournament.changes``) makes a new key, so no reader ever gets
stale standings after a save, and every server process can keep its own cache."""

from functools import wraps

from django.core.cache import cache
from django.db.models import Max
from django.http import Http404
from django.utils.translation import get_language

from tournament.models import Tournament

TIMEOUT = 600  # seconds; the key changes with every change of the data anyway


def stamp(slug: str | None) -> str:
    if slug is None:
        latest = Tournament.objects.aggregate(latest=Max("changed_at"))["latest"]
        return latest.isoformat() if latest else "empty"
    found = Tournament.objects.filter(slug=slug).values_list("changed_at", flat=True).first()
    if found is None:
        raise Http404
    return found.isoformat()


def cached_page(view):
    """Cache a public GET page for anonymous readers (signed-in users see their own nav)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        key = "public:{}:{}:{}".format(
            get_language(), stamp(kwargs.get("slug")), request.get_full_path()
        )
        response = cache.get(key)
        if response is None:
            response = view(request, *args, **kwargs)
            if response.status_code == 200:
                if hasattr(response, "render"):
                    response.render()
                cache.set(key, response, TIMEOUT)
        return response

    return wrapped
