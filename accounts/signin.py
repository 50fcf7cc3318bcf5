"""The limit on sign-in guesses (django-axes), for the staff's sign-in and the admin's alike.

Every failed sign-in is recorded in the database (so every worker and app server sees the
same count) by account and by client (the client's address as the table links count it,
``access.client_address``). After ``AXES_FAILURE_LIMIT`` failures within the cool-off time
the account, and the client, are locked for the rest of it: the answer is 429 with a Czech
page that says how long to wait. ``manage.py axes_reset_username NAME`` (or
``axes_reset_ip ADDRESS``, ``axes_reset``) lifts a lock at once.
"""

import math

from axes.backends import AxesStandaloneBackend
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off, get_failure_limit
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils import timezone

from .demo_account import is_published_password


class SignInGuessLimit(AxesStandaloneBackend):
    """Refuses a locked account or client before the password is checked. Only sign-ins from
    a request are counted: code that authenticates without one (a test's ``Client.login``, a
    shell) has no client to count and nobody to guess for.

    Without debug the demo's published password signs nobody in, however the server was
    started (``accounts.demo_account``); the try counts as a wrong guess."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        # raises when the account or the client is locked; the next backend checks the password
        super().authenticate(request, username=username, password=password, **kwargs)
        if not settings.DEBUG and is_published_password(password):
            raise PermissionDenied
        return None


def lock_ends(request, credentials) -> timezone.datetime | None:
    """When the lock on this account or client lifts: the time the failures still counted fall
    below the limit, whichever of the account's and the client's is later."""
    cool_off = get_cool_off(request)
    limit = get_failure_limit(request, credentials)
    handler = AxesProxyHandler.get_implementation()
    ends = None
    for attempts in handler.get_user_attempts(request, credentials):
        counted = sorted(attempts.values_list("attempt_time", "failures_since_start"))
        remaining = sum(failures for _time, failures in counted)
        for attempt_time, failures in counted:
            if remaining < limit:
                break
            remaining -= failures
            lifted = attempt_time + cool_off
            ends = lifted if ends is None or lifted > ends else ends
    return ends


def locked_out(request, original_response=None, credentials=None):
    """The answer to a locked account or client (``AXES_LOCKOUT_CALLABLE``)."""
    ends = lock_ends(request, credentials or {}) or timezone.now() + get_cool_off(request)
    minutes = max(1, math.ceil((ends - timezone.now()).total_seconds() / 60))
    return render(
        request,
        "accounts/locked_out.html",
        {"minutes": minutes, "until": timezone.localtime(ends)},
        status=429,
    )
