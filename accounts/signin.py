"""The limit on sign-in guesses (django-axes), for the staff's sign-in and the admin's alike.

Every failed sign-in is recorded in the database (so every worker and app server sees the
same count) with its account and its client (the client's address as the table links count
it, ``access.client_address``). Two counts (``AXES_LOCKOUT_PARAMETERS``), each over the
cool-off time (``AXES_COOLOFF_TIME``), lock when they reach their limit, for the rest of it:

- one address, to one account or several (``AXES_FAILURE_LIMIT``, 10): that address, for
  every account;
- one account across addresses (``SIGNIN_ACCOUNT_FAILURES``, 30): the account, for every
  address except those it signed in from in the last ``KNOWN_ADDRESS_DAYS``.

So guesses from one address never lock the owner out elsewhere (axes alone, counting per
account, let ten wrong passwords from anywhere lock the organiser out for everyone), and many
addresses guessing one account are stopped too. Guesses refused during a lock are not
counted. The answer to a locked sign-in is 429 with a Czech page that says how long to wait
and whether it is this device or the account; ``manage.py unlock_account NAME`` lifts an
account's locks at once (``axes_reset_ip ADDRESS`` an address's).
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import (
    get_client_username,
    get_cool_off,
    get_failure_limit,
    get_lockout_parameters,
)
from axes.models import AccessLog
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import render
from django.utils import timezone

from .demo_account import is_published_password

KNOWN_ADDRESS_DAYS = 30  # an address the account signed in from so lately is not locked with it


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


def _across_addresses(parameter) -> bool:
    """Whether a lockout parameter counts one account from every address."""
    return parameter in ("username", ["username"])


@dataclass(frozen=True)
class Count:
    attempts: QuerySet  # the failed sign-ins counted, within the cool-off time
    limit: int
    across_addresses: bool

    def failures(self) -> int:
        return sum(self.attempts.values_list("failures_since_start", flat=True))


class GuessCount(AxesDatabaseHandler):
    """Axes' count in the database (``AXES_HANDLER``) with a limit for each way of counting:
    axes has one limit for all of them."""

    def counts(self, request, credentials: dict | None = None) -> list[Count]:
        """Each way of counting that applies to this sign-in, with its limit."""
        base = get_failure_limit(request, credentials)
        parameters = get_lockout_parameters(request, credentials)
        attempts = self.get_user_attempts(request, credentials)
        counts = []
        for parameter, counted in zip(parameters, attempts, strict=True):
            if not _across_addresses(parameter):
                counts.append(Count(counted, base, across_addresses=False))
            elif not self.known_address(request, credentials):
                counts.append(Count(counted, settings.SIGNIN_ACCOUNT_FAILURES, True))
        return counts

    def known_address(self, request, credentials: dict | None = None) -> bool:
        """Whether the account signed in from this address lately (axes logs every sign-in)."""
        username = get_client_username(request, credentials)
        return AccessLog.objects.filter(
            username=username,
            ip_address=request.axes_ip_address,
            attempt_time__gte=timezone.now() - timedelta(days=KNOWN_ADDRESS_DAYS),
        ).exists()

    def get_failures(self, request, credentials: dict | None = None) -> int:
        """The failures as counted against the limit nearest to being reached, in units of
        ``AXES_FAILURE_LIMIT``: at least that limit when any count reached its own (so that
        axes' comparison with its one limit locks exactly then)."""
        base = get_failure_limit(request, credentials)
        margins = [count.failures() - count.limit for count in self.counts(request, credentials)]
        return base + max(margins, default=-base)


@dataclass(frozen=True)
class Lock:
    ends: datetime
    across_addresses: bool  # the account is locked for every address, not this device only


def lock_of(request, credentials: dict) -> Lock | None:
    """When the lock on this sign-in lifts (the time each count that reached its limit falls
    below it again, the latest of them) and whether the account's own count is among them."""
    cool_off = get_cool_off(request)
    handler = AxesProxyHandler.get_implementation()
    if not isinstance(handler, GuessCount):
        return None
    ends, across = None, False
    for count in handler.counts(request, credentials):
        counted = sorted(count.attempts.values_list("attempt_time", "failures_since_start"))
        remaining = sum(failures for _time, failures in counted)
        if remaining >= count.limit:
            across = across or count.across_addresses
        for attempt_time, failures in counted:
            if remaining < count.limit:
                break
            remaining -= failures
            lifted = attempt_time + cool_off
            ends = lifted if ends is None or lifted > ends else ends
    return None if ends is None else Lock(ends, across)


def locked_out(request, original_response=None, credentials=None):
    """The answer to a locked account or client (``AXES_LOCKOUT_CALLABLE``)."""
    lock = lock_of(request, credentials or {})
    ends = lock.ends if lock else timezone.now() + get_cool_off(request)
    minutes = max(1, math.ceil((ends - timezone.now()).total_seconds() / 60))
    return render(
        request,
        "accounts/locked_out.html",
        {
            "minutes": minutes,
            "until": timezone.localtime(ends),
            "across_addresses": lock is not None and lock.across_addresses,
        },
        status=429,
    )
