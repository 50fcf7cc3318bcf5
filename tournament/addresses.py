"""The address the scorekeepers' phones open: the tournament's own setting, else
``DJANGO_SITE_URL``, else the address the organiser's browser used, else
``DEFAULT_BASE_URL``. Every table link and QR code is built on ``phones_address``; a loopback
or unset address is said in words (``PhonesAddress.warning``), and the machine's own address in
the local network is offered (``lan_address``)."""

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
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
