"""Addresses one app's page or printout gives to another audience's page: the public record
of a stage's lots, a table's page for the scorekeeper's phone. Built here, in the web layer,
and passed to the services and read models that need them (``scoring`` knows no URL)."""

from django.conf import settings
from django.urls import reverse

from scoring.links import token_of
from scoring.models import TableLink
from tournament.addresses import DEFAULT_BASE_URL
from tournament.models import Tournament


def lot_record_path(tournament: Tournament, scope: str) -> str:
    """Where the public reads the record of a stage's lots (``scope``: a stage or "teams"):
    the public log's lots of that stage, each with its seed and commitment."""
    return reverse("public:log", kwargs={"slug": tournament.slug}) + f"?druh=lot&faze={scope}"


def lot_record_url(tournament: Tournament, scope: str) -> str:
    """The same record as an address a printout can carry: absolute when ``DJANGO_SITE_URL``
    names the server, else the path on it."""
    return settings.SITE_URL + lot_record_path(tournament, scope)


def table_path(link: TableLink) -> str:
    """The table's page, Czech (the bare address)."""
    return reverse("scorekeeper:table", kwargs={"token": token_of(link)})


def table_url(link: TableLink, base_url: str = DEFAULT_BASE_URL) -> str:
    return base_url.rstrip("/") + table_path(link)
