"""The audience check, in one place: who may open a page.

Anonymous visitors of a protected page get the login page; a signed-in user without the
role gets 403. Organisers pass every check (they may do everything); referees pass the
referee's. Views declare their audience with a decorator (or ``RoleRequiredMixin``), which
also marks the view so that the URL crawl test can check every pattern.

A third audience needs no account: the holder of a table link (``link_holder``), whose
address carries a secret token. A wrong token is a 404; a client that guesses too often gets
429 for a while, whatever it sends.

Every URL pattern has exactly one audience, ``audience_of`` its view: ``public``,
``organiser_required`` / ``referee_required`` (or ``RoleRequiredMixin``), ``link_holder``,
``token_required``; Django's admin is the back office (its own check: staff accounts, which
the organisers' are). ``tests/test_roles.py`` requests every pattern, in both languages, as
an anonymous visitor, a referee and an organiser (a table link also with a wrong secret) and
fails for a pattern with no audience or none of the answers its audience gets.
"""

import re
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_variables

from . import guesses
from .roles import ORGANISER, REFEREE, has_role

# The audiences a page can declare (``audience_of``), besides the roles ORGANISER and REFEREE.
PUBLIC = "public"
LINK_HOLDER = "link holder"  # whoever holds a table's link: no account
PROGRAM = "program"  # a program with a key (the venue's push)
BACK_OFFICE = "back office"  # Django's admin: staff accounts only
AUDIENCES = (PUBLIC, REFEREE, ORGANISER, LINK_HOLDER, PROGRAM, BACK_OFFICE)


def role_required(role: str):
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not has_role(request.user, role):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.required_role = role
        return wrapped

    return decorator


organiser_required = role_required(ORGANISER)
referee_required = role_required(REFEREE)


def public(view):
    """Declares a page open to everyone (it changes nothing that needs a role)."""
    view.public = True
    return view


def token_required(view):
    """Declares an address for programs, not people: the view checks a key that each request
    carries (such as the venue's push key); no session, no role."""
    view.token_authenticated = True
    return view


class RoleRequiredMixin:
    """For class-based views: ``required_role = ORGANISER`` (or ``REFEREE``)."""

    required_role: str = ORGANISER

    @classmethod
    def as_view(cls, **initkwargs):
        return role_required(cls.required_role)(super().as_view(**initkwargs))


# Wrong table-link tokens allowed per client address within the window, then 429.
LINK_GUESSES = 100
LINK_GUESS_WINDOW = 10 * 60  # seconds


def client_address(request) -> str:
    """The client's address: the proxy's last hop behind a proxy (``DJANGO_BEHIND_PROXY``),
    else the connection's."""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def _guess_key(request) -> str:
    return f"link-guesses:{client_address(request)}"


def too_many_guesses(request) -> bool:
    """Counted in the shared cache, or in this process while it does not answer."""
    return guesses.count(_guess_key(request)) >= getattr(settings, "LINK_GUESSES", LINK_GUESSES)


def count_wrong_guess(request) -> None:
    guesses.add_one(_guess_key(request), getattr(settings, "LINK_GUESS_WINDOW", LINK_GUESS_WINDOW))


# a table's page, ``/stul/…`` or ``/en/stul/…``: the only addresses a QR code gives
_TABLE_ADDRESS = re.compile(r"^/(?:[a-z]{2}/)?stul/")


def not_found(request, exception=None):
    """The project's own 404 page, with debug on as well: a phone at the hall (a venue laptop
    may run with debug) never sees Django's English debug page listing every address. It is
    also the project's ``handler404``. Only under a table's address does it speak of table
    links and QR codes: a mistyped address elsewhere has nothing to do with them."""
    table_address = bool(_TABLE_ADDRESS.match(request.path))
    return render(request, "404.html", {"table_address": table_address}, status=404)


def link_holder(find: Callable[[str], object | None]):
    """Declares a page for whoever holds a table link, with no account. ``find`` turns the
    address's ``token`` into the link in force, or None: then 404, counted as a wrong guess.
    The view gets the link instead of the token. The token is hidden from error reports; the
    page is never cached and its address never leaves as a referrer."""

    def decorator(view):
        @sensitive_variables()
        def checked(request, token, *args, **kwargs):
            if too_many_guesses(request):
                return render(request, "429.html", status=429)
            link = find(token)
            if link is None:
                count_wrong_guess(request)
                return not_found(request)
            try:
                return view(request, link, *args, **kwargs)
            except Http404:
                return not_found(request)

        @wraps(view)
        @never_cache
        def wrapped(request, *args, token, **kwargs):
            response = checked(request, token, *args, **kwargs)
            # The origin alone, never the address with its token (no-referrer would send
            # "Origin: null" with the form and fail the CSRF check).
            response["Referrer-Policy"] = "strict-origin"
            response["X-Robots-Tag"] = "noindex, nofollow"
            return response

        wrapped.link_holder = True
        return wrapped

    return decorator


def audience_of(view) -> str | None:
    """The audience a URL pattern's view declares (one of ``AUDIENCES``), None if none: the
    mark of the decorators above, through the decorators around them (``__wrapped__``)."""
    while view is not None:
        if getattr(view, "required_role", None) in (ORGANISER, REFEREE):
            return view.required_role
        if getattr(view, "public", False):
            return PUBLIC
        if getattr(view, "link_holder", False):
            return LINK_HOLDER
        if getattr(view, "token_authenticated", False):
            return PROGRAM
        # the admin's pages: marked by Django's own wrapper, or methods of the admin site (its
        # sign-in) or of a model's admin (behind the site's check)
        owner = getattr(view, "__self__", None)
        if any(hasattr(o, "admin_site") or hasattr(o, "model_admin") for o in (view, owner)):
            return BACK_OFFICE
        if hasattr(owner, "admin_view"):
            return BACK_OFFICE
        view = getattr(view, "__wrapped__", None)
    return None
