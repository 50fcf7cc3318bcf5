"""The standings' live refresh: what a crowd of readers polling every 15 seconds costs.

Everything here is computed from one state of the data (a tournament's row and revision, its
``Stamp``) and kept in the cache under it, so a change costs one computation however many
readers ask (``tournament.cache.computed_once``):

- a stage's standings (``stage_standings``), shared by the page and its live fragment, and
  with them the stage's ``Digest``: each sheet's state and each player's place;
- the live fragment of each sort and language (``live_fragment``). A burst of saves (every
  table's phone at the end of a round) moves the revision many times a second: the fragment
  is computed at most once per ``LIVE_REFRESH_INTERVAL`` seconds, readers asking meanwhile
  get the latest one (a reader never gets an older copy than the one they have: then 204);
- what changed between the reader's copy and the fragment (``changes``): from the two
  stamps' digests, kept under the pair.
"""

import time
from dataclasses import dataclass

from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import get_language, ngettext, ngettext_lazy
from django.utils.translation import gettext as _

import sharedcache
from scoring import pages
from scoring.models import Sheet
from tournament.cache import TIMEOUT, computed_once
from tournament.models import Tournament

CLAIM_SECONDS = 30  # a computation that takes longer is taken over by the next reader


@dataclass(frozen=True)
class Stamp:
    """One state of a tournament's data: its row and its revision (``tournament.cache``)."""

    tournament: int
    revision: int

    def __str__(self) -> str:
        return f"{self.tournament}.{self.revision}"

    @classmethod
    def of(cls, tournament: Tournament) -> "Stamp":
        return cls(tournament.pk, tournament.revision)

    @classmethod
    def parse(cls, text: str) -> "Stamp | None":
        row, dot, revision = str(text).partition(".")
        if dot and row.isdigit() and revision.isdigit() and len(text) < 40:
            return cls(int(row), int(revision))
        return None

    def has(self, other: "Stamp") -> bool:
        """A reader holding this state holds ``other`` or newer (a replaced tournament is a
        new row: its states are not comparable with the old row's)."""
        return self.tournament == other.tournament and self.revision >= other.revision


@dataclass(frozen=True)
class Digest:
    """What a reader of a stage's standings sees change: each sheet's version and whether it
    is confirmed, by (game, table, round), and each player's place in each list."""

    sheets: dict[tuple[int, int, int], tuple[int, bool]]
    places: dict[tuple[str, int], int]


def _digest_key(stamp: Stamp, kind: str) -> str:
    return f"live-digest:{stamp}:{kind}"


def digest_of(page: pages.StagePage) -> Digest:
    sheets = {
        (game, table, round_number): (version, confirmed is not None)
        for game, table, round_number, version, confirmed in Sheet.objects.filter(
            table__game__stage=page.stage
        ).values_list(
            "table__game__number", "table__number", "round__number", "version", "confirmed_at"
        )
    }
    places = {
        (standing.category, row.player.number): row.rank
        for standing in page.categories
        for row in standing.rows
    }
    return Digest(sheets, places)


def stage_standings(tournament: Tournament, kind: str) -> pages.StagePage:
    """The stage's public standings at the tournament's revision, computed once whoever asks
    (the page, its live fragment in any sort); the stage's digest is kept beside them."""
    stamp = Stamp.of(tournament)

    def compute() -> pages.StagePage:
        page = pages.stage_page(tournament, kind)
        if page.stage is not None:
            sharedcache.set(_digest_key(stamp, kind), digest_of(page), TIMEOUT)
        return page

    return computed_once(f"live-standings:{get_language()}:{stamp}:{kind}", compute)


@dataclass(frozen=True)
class Fragment:
    stamp: Stamp
    html: str
    computed_at: float


def _now() -> float:
    return time.time()


def live_fragment(stamp: Stamp, kind: str, variant: str, render) -> Fragment:
    """The live fragment of a stage in one ``variant`` (language and sort) at ``stamp`` or
    at most ``LIVE_REFRESH_INTERVAL`` seconds older; ``render()`` makes its HTML."""
    exact_key = f"live-fragment:{variant}:{stamp}:{kind}"
    latest_key = f"live-latest:{variant}:{stamp.tournament}:{kind}"
    found = sharedcache.get(exact_key)
    if found is not None:
        return found
    latest = sharedcache.get(latest_key)
    interval = settings.LIVE_REFRESH_INTERVAL
    if latest is not None and _now() - latest.computed_at < interval:
        return latest
    claim = latest_key + ":computing"
    if latest is not None and not sharedcache.add(claim, 1, CLAIM_SECONDS):
        return latest  # another request computes the new one: this reader gets it next time
    try:
        fragment = computed_once(exact_key, lambda: Fragment(stamp, render(), _now()))
        newest = sharedcache.get(latest_key)
        if newest is None or not newest.stamp.has(fragment.stamp):
            sharedcache.set(latest_key, fragment, TIMEOUT)
    finally:
        if latest is not None:
            sharedcache.delete(claim)
    return fragment


def changes(kind: str, since: Stamp | None, now: Stamp) -> str:
    """One sentence for the status region: what changed between a reader's copy and the
    new one, e.g. "3 nové výsledky; pořadí se změnilo u 2 hráčů". Kept under the pair."""

    def compute() -> str:
        old = sharedcache.get(_digest_key(since, kind)) if since is not None else None
        new = sharedcache.get(_digest_key(now, kind))
        if old is None or new is None:
            return _("The standings were updated.")
        return summary(old, new)

    return computed_once(f"live-changes:{get_language()}:{kind}:{since}:{now}", compute)


def summary(old: Digest, new: Digest) -> str:
    entered = [key for key in new.sheets if key not in old.sheets]
    confirmed = [
        key
        for key, (_version, is_confirmed) in new.sheets.items()
        if is_confirmed and key in old.sheets and not old.sheets[key][1]
    ]
    corrected = [
        key
        for key in old.sheets
        if key not in new.sheets or new.sheets[key][0] != old.sheets[key][0]
    ]
    moved = {
        player
        for (category, player), place in new.places.items()
        if old.places.get((category, player)) != place
    }
    counted = [
        (len(entered), ngettext_lazy("%(count)s new result", "%(count)s new results", "count")),
        (
            len(corrected),
            ngettext_lazy("%(count)s result corrected", "%(count)s results corrected", "count"),
        ),
        (
            len(confirmed),
            ngettext_lazy("%(count)s result confirmed", "%(count)s results confirmed", "count"),
        ),
    ]
    parts = [words % {"count": count} for count, words in counted if count]
    if new.places and not old.places:
        parts.append(_("the first standings are out"))  # nobody moved: everybody appeared
    elif moved:
        parts.append(
            ngettext(
                "the order changed for %(count)s player",
                "the order changed for %(count)s players",
                len(moved),
            )
            % {"count": len(moved)}
        )
    elif parts:
        parts.append(_("the order did not change"))
    if not parts:
        return _("The standings were updated.")
    return capfirst("; ".join(parts)) + "."
