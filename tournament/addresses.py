"""The address the scorekeepers' phones open: the tournament's own setting, else
``DJANGO_SITE_URL``, else the address the organiser's browser used, else
``DEFAULT_BASE_URL``. Every table link and QR code is built on ``phones_address``; a loopback
or unset address is said in words (``PhonesAddress.warning``), and the machine's own address in
the local network is offered (``lan_address``)."""

import ipaddress
import os
import secrets
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import sharedcache

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
# The serving process (syllabatim.serving) exports where it listens and one token for all its
# workers; the health page (/zdravi/) answers with the token, so that a request to the phones'
# address can tell this server from another one.
BIND_VARIABLE = "SYLLABATIM_BIND"
INSTANCE_VARIABLE = "SYLLABATIM_INSTANCE"
INSTANCE_HEADER = "X-Syllabatim-Instance"
REACH_TIMEOUT = 2.0  # seconds the settings page waits for the phones' address to answer
_process_instance = secrets.token_hex(16)
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")

_url = URLValidator(schemes=["http", "https"])


def validate_phones_url(value: str) -> None:
    """An http or https address, e.g. http://192.168.1.10:8000 (no path, query or fragment
    beyond a slash: the table links are added to it)."""
    message = gettext_lazy(
        "Give the whole address beginning with http:// or https://, e.g. http://192.168.1.10:8000."
    )
    try:
        _url(value)
    except ValidationError:
        raise ValidationError(message, code="invalid") from None
    parts = urlsplit(value)
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValidationError(
            gettext_lazy(
                "Only the server's address, without a path: e.g. http://192.168.1.10:8000."
            ),
            code="path",
        )


def is_loopback(url: str) -> bool:
    """The address names this machine only (127.x, ::1, localhost): a phone cannot open it."""
    host = (urlsplit(url).hostname or "").strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class PhonesAddress:
    url: str  # the address the phones will open, without a trailing slash
    configured: bool  # set on the tournament or by DJANGO_SITE_URL
    loopback: bool

    @property
    def warning(self) -> str:
        """What is wrong with the address, in words; "" when phones can open it."""
        if self.loopback and not self.configured:
            return _(
                "The address for the phones is not set: the links use %(url)s, an address of "
                "this computer only, which a phone cannot reach, and the QR codes will not work. "
                "Set the address of this computer in the hall's network in the tournament's "
                "settings."
            ) % {"url": self.url}
        if self.loopback:
            return _(
                "The phones would open %(url)s, an address of this computer only: a phone "
                "cannot reach it and the QR codes will not work. Set the address of this "
                "computer in the hall's network in the tournament's settings."
            ) % {"url": self.url}
        if not self.configured:
            return _(
                "The address for the phones is not set: the links use %(url)s, the address "
                "this browser opened. Check that the phones reach it, or set it in the "
                "tournament's settings."
            ) % {"url": self.url}
        return ""


def phones_address(tournament, fallback: str | None = None) -> PhonesAddress:
    """Where the phones reach this server for ``tournament``: its own setting, else
    ``DJANGO_SITE_URL``, else ``fallback`` (the address the organiser's browser used), else
    ``DEFAULT_BASE_URL``."""
    own = (getattr(tournament, "phones_url", "") or "").strip()
    configured = own or settings.SITE_URL
    url = (configured or fallback or DEFAULT_BASE_URL).rstrip("/")
    return PhonesAddress(url, bool(configured), is_loopback(url))


def lan_address() -> str | None:
    """This machine's address in a private network, if it has one: the address a UDP socket
    would send from towards a private address (connecting a UDP socket sends nothing)."""
    for target in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found = ipaddress.ip_address(probe.getsockname()[0])
        except (OSError, ValueError):
            continue
        if found.is_private and not found.is_loopback and not found.is_unspecified:
            return str(found)
    return None


def suggested_url(port: str | int | None) -> str | None:
    """``http://<this machine's LAN address>[:port]``, or None where none is found."""
    found = lan_address()
    if found is None:
        return None
    port = str(port or "")
    return f"http://{found}" + (f":{port}" if port and port != "80" else "")


def instance_token() -> str:
    """This server's token: the serving process's, shared by its workers, else this process's."""
    return os.environ.get(INSTANCE_VARIABLE) or _process_instance


def bind_host() -> str:
    """The address the serving process listens on ("" when it did not say: runserver, tests)."""
    host, _colon, _port = os.environ.get(BIND_VARIABLE, "").rpartition(":")
    return host.strip("[]")


def listens_on_every_interface() -> bool:
    try:
        return ipaddress.ip_address(bind_host()).is_unspecified
    except ValueError:
        return False


def listens_on_loopback_only() -> bool:
    """The serving process listens on a loopback address: no phone can reach it."""
    host = bind_host()
    return bool(host) and is_loopback(f"http://{bracketed(host)}/")


def bracketed(address: str) -> str:
    return f"[{address.split('%')[0]}]" if ":" in address else address


def reaches_this_server(url: str, timeout: float = REACH_TIMEOUT) -> str:
    """Ask ``url``'s health page from here: "" when this very server answers, else what went
    wrong, in words. A name the server has just learnt is accepted within a second
    (``syllabatim.hosts``): one refusal is asked again after it."""
    import httpx

    address = url.rstrip("/") + "/zdravi/"
    answer = None
    for attempt in range(2):
        try:
            answer = httpx.get(address, timeout=timeout, follow_redirects=False)
        except httpx.HTTPError:
            return _(
                "This server could not reach %(url)s: check the address, and that the server "
                "listens in the hall's network."
            ) % {"url": url}
        if answer.status_code != 400 or attempt:
            break
        import time

        time.sleep(1.1)
    if answer.status_code != 200 or answer.headers.get(INSTANCE_HEADER) is None:
        return _("%(url)s answers, but it is not this application (answer %(status)s).") % {
            "url": url,
            "status": answer.status_code,
        }
    if answer.headers[INSTANCE_HEADER] != instance_token():
        return _("%(url)s is another server of this application, not this one.") % {"url": url}
    return ""


REACHED_FOR = 60 * 60 * 24  # seconds a successful check stands (until this server restarts)


def _reached_key(url: str) -> str:
    return "phones-reached:" + url.rstrip("/")


def check_phones_address(url: str) -> str:
    """``reaches_this_server`` recorded: the day's step is done only once it said yes."""
    problem = reaches_this_server(url)
    if problem:
        sharedcache.delete(_reached_key(url))
    else:
        sharedcache.set(_reached_key(url), instance_token(), REACHED_FOR)
    return problem


def phones_address_reached(url: str) -> bool:
    """The last check of ``url`` found this very server (since it started)."""
    return sharedcache.get(_reached_key(url)) == instance_token()
