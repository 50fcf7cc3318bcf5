"""The names a request may give in its ``Host`` header (``settings.ALLOWED_HOSTS``).

Besides ``DJANGO_ALLOWED_HOSTS`` (the loopback names when unset) the server answers to the
addresses the organiser gave for the phones (each tournament's ``phones_url`` and
``DJANGO_SITE_URL``): the table links and the sheets' QR codes are built on them, so a phone
that opens one must not get "Bad Request (400)". Served on every interface (``make serve``
with ``BIND=0.0.0.0:8000``, which ``syllabatim.serving`` exports as ``SYLLABATIM_BIND``), it
also answers to this machine's own addresses, the one the settings page suggests among them.

Django asks ``ALLOWED_HOSTS`` on each ``request.get_host()`` and stops at the first name that
matches, so the configured names cost nothing; the stored addresses are read from the database
only for a name that is not among them, at most once a second a process (a name just saved on
the settings page is accepted at the latest a second later in every worker).
"""

import socket
import time
from urllib.parse import urlsplit

REREAD_AFTER = 1.0  # seconds: the least time between two readings of the stored addresses


def host_of(url: str) -> str:
    """The name of an address as ``ALLOWED_HOSTS`` writes it (an IPv6 address in brackets)."""
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""
    return f"[{host}]" if ":" in host else host


def own_addresses() -> set[str]:
    """This machine's addresses: its name's and the one it sends from into a private network."""
    from tournament.addresses import bracketed, lan_address

    found = set()
    try:
        name = socket.gethostname()
        found.add(name.lower())
        for info in socket.getaddrinfo(name, None):
            found.add(host_of(f"http://{bracketed(info[4][0])}/"))
    except OSError:
        pass
    lan = lan_address()
    if lan:
        found.add(lan)
    return {address for address in found if address}


def stored_phone_hosts() -> set[str]:
    """The names of the phones' addresses: every tournament's and ``DJANGO_SITE_URL``'s."""
    from django.conf import settings

    from tournament.models import Tournament

    urls = set(Tournament.objects.exclude(phones_url="").values_list("phones_url", flat=True))
    urls.add(getattr(settings, "SITE_URL", ""))
    return {host for host in map(host_of, urls) if host}


class VenueHosts(list):
    """``ALLOWED_HOSTS``: the configured names, then this machine's own addresses when it
    listens on every interface, then the stored phones' names (read again when a name is not
    among them and the last reading is older than ``REREAD_AFTER``)."""

    def __init__(self, configured):
        super().__init__(configured)
        self._own: set[str] | None = None
        self._stored: set[str] = set()
        self._read_at = float("-inf")

    def __iter__(self):
        from tournament.addresses import listens_on_every_interface

        yield from super().__iter__()
        if listens_on_every_interface():
            if self._own is None:
                self._own = own_addresses()
            yield from self._own
        yield from self._stored
        # Two threads may both read at once: harmless, and no lock to copy with the settings.
        if time.monotonic() - self._read_at >= REREAD_AFTER:
            self._read_at = time.monotonic()
            fresh = self._read_stored()
            new = fresh - self._stored
            self._stored = fresh
            yield from new

    def forget(self) -> None:
        """Read the stored addresses at the next name not among the others (after a save)."""
        self._read_at = float("-inf")

    @staticmethod
    def _read_stored() -> set[str]:
        try:
            return stored_phone_hosts()
        except Exception:  # no table yet, the database down, or not ready: the configured
            return set()  # names stand alone
