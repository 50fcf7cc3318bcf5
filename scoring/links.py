"""Table links: each drawn table of a game gets its own address for the scorekeeper's phone.

An address is ``/stul/<code>-<secret>/``. The code (six characters, not a secret) finds the
link and is printed beside the QR code; the secret is 160 bits of HMAC-SHA256 keyed with
``SECRET_KEY`` over the table, the code and a random per-link salt. Nothing secret is stored:
the desk and the printed sheet derive the same address again, a copy of the database alone
cannot, and the comparison runs in constant time (``hmac.compare_digest``). Changing
``SECRET_KEY`` invalidates every table link (renew them, or print the sheets again).

A link is in force while it is not revoked and its game's draw is confirmed; a renewed link
revokes the one before. Once the game is complete the table's page shows the table's results
read-only (nothing can be entered any more) until the organiser revokes the link.
"""

import base64
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from refusals import Refused
from rules.progress import GameState
from rules.rulesets import SCRABBLE, WORD_POKER
from tournament.lookups import who
from tournament.models import DrawStatus, Game, Seat, Table

from .models import TableLink
from .selectors import poker_tables_ended

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 6
SECRET_BYTES = 20  # 160 bits
_KEY_SALT = "syllabatim.scoring.TableLink"


class LinkRefused(Refused):
    """A link that cannot be revoked or renewed, with the reason in words."""


def _secret(link: TableLink) -> str:
    digest = salted_hmac(
        _KEY_SALT, f"{link.table_id}:{link.code}:{link.salt}", algorithm="sha256"
    ).digest()
    return base64.urlsafe_b64encode(digest[:SECRET_BYTES]).decode("ascii").rstrip("=")


def token_of(link: TableLink) -> str:
    """The address part of a link: its code, a dash, its secret."""
    return f"{link.code}-{_secret(link)}"


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _new_link(table_id: int, by: User | None) -> TableLink:
    return TableLink(
        table_id=table_id, code=_new_code(), salt=secrets.token_hex(16), created_by=who(by)
    )


# Reads ---------------------------------------------------------------------------------------


def game_complete(game: Game) -> bool:
    """Every table has every round's sheet, confirmed where the stage requires it (a game
    ended early has only the rounds played). One query."""
    tournament = game.stage.tournament
    # a Scrabble round's bye is a board of one, with no sheet: only boards with a second seat
    boards = Q(tables__seats__position=1) if tournament.rule_set == SCRABBLE else Q()
    counts = Game.objects.filter(pk=game.pk).aggregate(
        table_count=Count("tables", distinct=True, filter=boards),
        round_count=Count("rounds", distinct=True),
        sheet_count=Count("tables__sheets", distinct=True),
        confirmed_count=Count(
            "tables__sheets", distinct=True, filter=Q(tables__sheets__confirmed_at__isnull=False)
        ),
    )
    entered = counts["sheet_count"]
    waiting = entered - counts["confirmed_count"] if game.stage.requires_confirmation else 0
    return GameState(
        game.number,
        counts["table_count"],
        counts["round_count"],
        entered,
        unconfirmed=waiting,
        tables_ended=poker_tables_ended(tournament, [game.pk]).get(game.pk, 0)
        if tournament.rule_set == WORD_POKER
        else None,
    ).complete


def link_in_force(token: str) -> TableLink | None:
    """The link an address names, if it is in force; else None (whatever the reason). A
    complete game's link stays in force: its page shows the table's results read-only."""
    code, dash, secret = str(token).partition("-")
    if not dash or len(code) != CODE_LENGTH or not secret:
        return None
    link = (
        TableLink.objects.filter(code=code, revoked_at__isnull=True)
        .select_related("table__game__stage__tournament")
        .first()
    )
    if link is None:
        return None
    if not hmac.compare_digest(_secret(link).encode(), secret.encode("utf-8", "replace")):
        return None
    game = link.table.game
    if game.draw_status != DrawStatus.CONFIRMED:
        return None
    return link


def played_tables(game: Game):
    """The game's tables that play and take sheets: all of them but, under Scrabble, a bye's
    board of one (a win without a game: no sheet, no table link, no printed sheet)."""
    # in the one query of the tables (the game's tournament need not be loaded): a table plays
    # unless its tournament plays Scrabble and it has no second seat
    second_seat = Seat.objects.filter(table=OuterRef("pk"), position=1)
    return Table.objects.filter(game=game).filter(
        ~Q(game__stage__tournament__rule_set=SCRABBLE) | Exists(second_seat)
    )


def is_bye(table: Table) -> bool:
    """Whether ``table`` is a Scrabble round's bye (a board of one). One query at most."""
    return (
        table.game.stage.tournament.rule_set == SCRABBLE
        and not table.seats.filter(position=1).exists()
    )


def links_in_force(game: Game) -> dict[int, TableLink]:
    """Table number -> the table's link that is not revoked (tables without one are absent)."""
    return {
        link.table.number: link
        for link in TableLink.objects.filter(table__game=game, revoked_at__isnull=True)
        .select_related("table")
        .order_by("table__number")
    }


@dataclass(frozen=True)
class LinkRow:
    table: int
    code: str
    url: str
    created_at: object
    created_by: str


def game_links(game: Game, address: Callable[[TableLink], str]) -> list[LinkRow]:
    """Each table's link in force, by table number (for the desk, the command, the PDF), with
    its ``address`` (the scorekeeper's page the caller links: ``ui.addresses.table_url``)."""
    return [
        LinkRow(number, link.code, address(link), link.created_at, link.created_by)
        for number, link in links_in_force(game).items()
    ]


# Writes --------------------------------------------------------------------------------------


def issue_table_links(*, game: Game, by: User | None = None) -> dict[int, TableLink]:
    """Give every table of a confirmed game that never had a link its first one (a revoked
    link stays revoked until renewed); a draft draw gets none (its tables may still change).
    Returns the links in force. A fixed number of queries whatever the tables."""
    if game.draw_status != DrawStatus.CONFIRMED:
        return {}
    for _attempt in range(5):
        have = links_in_force(game)
        missing = [
            _new_link(pk, by)
            for pk in played_tables(game).filter(links__isnull=True).values_list("pk", flat=True)
        ]
        if not missing:
            return have
        try:
            with transaction.atomic():
                TableLink.objects.bulk_create(missing)
        except IntegrityError:  # a code taken, or another request issued them meanwhile
            continue
        return links_in_force(game)
    raise LinkRefused(_("The table links could not be issued; try again."))


@transaction.atomic
def revoke_table_link(*, table: Table, by: User | None) -> TableLink:
    """The table's address stops working at once."""
    link = (
        TableLink.objects.select_for_update().filter(table=table, revoked_at__isnull=True).first()
    )
    if link is None:
        raise LinkRefused(_("The table has no link in force."))
    link.revoked_at = timezone.now()
    link.revoked_by = who(by)
    link.save(update_fields=["revoked_at", "revoked_by"])
    return link


def renew_table_link(*, table: Table, by: User | None) -> TableLink:
    """Revoke the table's link (if any) and give it a new one: new code, new secret."""
    if table.game.draw_status != DrawStatus.CONFIRMED:
        raise LinkRefused(_("The game's draw is not confirmed yet."))
    if is_bye(table):
        raise LinkRefused(
            _("Table %(table)s is a bye, a win without a game: it has no sheet and no link.")
            % {"table": table.number}
        )
    for _attempt in range(5):
        try:
            with transaction.atomic():
                TableLink.objects.filter(table=table, revoked_at__isnull=True).update(
                    revoked_at=timezone.now(), revoked_by=who(by)
                )
                link = _new_link(table.pk, by)
                link.save()
                return link
        except IntegrityError:  # the new code was taken: draw another
            continue
    raise LinkRefused(_("The table link could not be renewed; try again."))
