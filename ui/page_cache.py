"""Public pages are cached whole, under a key built from the state of the data they show
(``tournament.cache``: the tournament's row and revision, or ``persons_state``), so that no
kept page is ever stale.

A page is keyed by its path and the query parameters it uses (``uses``), each with a value it
accepts written one way, and nothing else: any other parameter, or a value the page ignores,
reaches neither the key nor the view (``?utm=…`` is the same page, from the same entry), and
a value written another way (``points,points``) is the same entry.

Pages are kept through ``sharedcache``: when the shared cache fails, each process keeps its
own, and every page still answers. A page is kept in the process too
(``sharedcache.get_lasting``): its key names one state of the data, so the copy is never stale.
"""

import re
from collections.abc import Callable, Iterable
from functools import wraps
from urllib.parse import urlencode

from django.http import Http404, QueryDict
from django.utils.translation import get_language

import sharedcache
from tournament.cache import TIMEOUT, stamp

# A page's query parameters: a function from the query to the (name, value) pairs the page
# uses, each value one the page accepts, written one way only (the canonical value): two
# queries the page reads alike give the same pairs, and so one cache entry (issue 31, 7).
Parameters = Callable[[QueryDict], list[tuple[str, str]]]

TEXT_MAX = 100  # characters of a typed parameter kept (a name searched for is shorter)


def named(*names: str) -> Parameters:
    """Parameters the page reads as typed (a search), each once (the last given, as
    ``QueryDict.get`` reads it), trimmed, spaces inside collapsed; empty ones dropped."""

    def used(query: QueryDict) -> list[tuple[str, str]]:
        pairs = []
        for name in names:
            value = " ".join(query.get(name, "").split())[:TEXT_MAX]
            if value:
                pairs.append((name, value))
        return pairs

    return used


def number(name: str, least: int, most: int) -> Parameters:
    """A whole number from ``least`` to ``most`` (the last given), written without leading
    zeros or spaces; any other value is no parameter."""

    def used(query: QueryDict) -> list[tuple[str, str]]:
        value = query.get(name, "").strip()
        digits = value.lstrip("0") or "0"
        if not (value.isascii() and value.isdigit()) or len(digits) > len(str(most)):
            return []  # (a number too long to be in bounds is not read: int() of it is slow)
        return [(name, digits)] if least <= int(digits) <= most else []

    return used


def chosen(name: str, choices: Iterable[str], *, several: bool = False) -> Parameters:
    """One of ``choices`` (the last given), or with ``several`` each chosen one once, in the
    order of ``choices``; values that are none of them are dropped."""
    choices = tuple(choices)

    def used(query: QueryDict) -> list[tuple[str, str]]:
        given = query.getlist(name)
        if several:
            return [(name, choice) for choice in choices if choice in given]
        last = given[-1] if given else ""
        return [(name, last)] if last in choices else []

    return used


def table_sort(table, prefixes: str = "") -> Parameters:
    """The sort parameters of django-tables2 tables of class ``table``: ``<prefix>sort``, for a
    prefix matching the regular expression ``prefixes``, whose value names one of the table's
    orderable columns (``-`` for descending): the one a column's header link gives. Of a value
    naming several, the first the table can sort by is kept; a value with none is no
    parameter."""
    orderable = {
        name
        for name, column in table.base_columns.items()
        if column.orderable is not False and table._meta.orderable
    }
    field = re.compile(rf"({prefixes}){re.escape(table._meta.order_by_field)}")

    def used(query: QueryDict) -> list[tuple[str, str]]:
        pairs = []
        for name in sorted(query):
            if not field.fullmatch(name):
                continue
            aliases = [
                a for a in query.get(name, "").split(",") if a.removeprefix("-") in orderable
            ]
            if aliases:
                pairs.append((name, aliases[0]))
        return pairs

    return used


def used_parameters(query: QueryDict, uses: Iterable[Parameters]) -> list[tuple[str, str]]:
    return [pair for parameters in uses for pair in parameters(query)]


def keep_only(request, pairs: list[tuple[str, str]]) -> None:
    """Leave the request only ``pairs`` as its query: the page renders from them, its links
    (sort, language switch) included, and from nothing that is not in its key."""
    query = QueryDict(mutable=True)
    for name, value in pairs:
        query.appendlist(name, value)
    query._mutable = False
    request.GET = query
    request.META["QUERY_STRING"] = urlencode(pairs)


def tournament_state(kwargs: dict) -> str:
    """The state a page of the address's tournament (``slug``) is of (404 when there is no
    such tournament); without one, of the list of tournaments."""
    found = stamp(kwargs.get("slug"))
    if found is None:
        raise Http404
    return found


def cached_page(
    view=None,
    *,
    uses: Iterable[Parameters] = (),
    state: Callable[[dict], str] = tournament_state,
):
    """Cache a public GET page for anonymous readers (signed-in users see their own nav),
    keyed by the page's path, the parameters it ``uses`` and the ``state`` of the data it
    shows (from the address's arguments: the tournament's row and revision, unless the page
    says otherwise); the view sees only those parameters."""
    if view is None:
        return lambda view: cached_page(view, uses=uses, state=state)
    uses = tuple(uses)

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        pairs = used_parameters(request.GET, uses)
        keep_only(request, pairs)
        key = f"public:{get_language()}:{state(kwargs)}:{request.path}?{urlencode(pairs)}"
        response = sharedcache.get_lasting(key)
        if response is None:
            response = view(request, *args, **kwargs)
            if response.status_code == 200:
                if hasattr(response, "render"):
                    response.render()
                sharedcache.set_lasting(key, response, TIMEOUT)
        return response

    wrapped.uses = uses
    wrapped.cached_page = True
    return wrapped
