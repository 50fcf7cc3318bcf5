"""Public tables: the accessible table of every page (``ui.tables``) with the public pages'
marks (a place decided by lot, the advancement cut). Names sort by surname in Czech
alphabetical order (``tournament.collation``)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.czech import cs
from tournament.labels import stage_label
from ui.labels import MEDALS
from ui.tables import AccessibleTable


class PublicTable(AccessibleTable):
    def __init__(self, *args, lot_url="", **kwargs):
        super().__init__(*args, **kwargs)
        self.lot_url = lot_url  # the public record of the lots that decided places

    def lot_note(self):
        """The mark of a place a lot decided, linked to the lot's public record."""
        words = _("order decided by lot")
        if not self.lot_url:
            return format_html("{}", words)
        return format_html('<a href="{}">{}</a>', self.lot_url, words)

    @staticmethod
    def joined(notes) -> str:
        return format_html_join(", ", "{}", ((note,) for note in notes)) if notes else "–"

    @property
    def in_place_order(self) -> bool:
        """The rows stand in place order (by place, or by points highest first): only then may
        a line such as the advancement cut stand between two of them."""
        shown = [row.record for row in self.rows]
        by_place = sorted(shown, key=lambda record: (record.rank, record.player.number))
        return all(a is b for a, b in zip(shown, by_place, strict=True))


class HighestFirst(tables.Column):
    """A column whose sort link shows the highest values first (points, by place): the order
    its values are shown in is the reverse of the order of its sort key."""

    values_descend = True


def player_link(slug, info, element_id=None, *, said_number=False):
    """The link to a player's page, "11. Zdeněk Kříž". ``said_number``: a screen reader hears
    "start number 11" where a place stands before it ("1. start number 11. …", not "1. 11.")."""
    url = reverse("public:player", kwargs={"slug": slug, "number": info.number})
    number = (
        format_html('<span class="visually-hidden">{} </span>{}', _("start number"), info.number)
        if said_number
        else info.number
    )
    if element_id:  # the live refresh finds the row again by it (static/public/live.js)
        return format_html(
            '<a href="{}" id="{}">{}. {}</a>', url, element_id, number, cs(info.name)
        )
    return format_html('<a href="{}">{}. {}</a>', url, number, cs(info.name))


class StandingsTable(PublicTable):
    rank = tables.Column(_("Place"), accessor="rank", order_by=("rank", "player__number"))
    player = tables.Column(
        _("Player"), accessor="player__name", order_by=("player__name_key", "player__number")
    )
    club = tables.Column(
        _("Club"), accessor="player__club", order_by=("player__club_key", "player__number")
    )
    # Slovní poker's standings only (issue 37): games and deals won, before the points.
    games_won = HighestFirst(_("Games won"), order_by=("-games_won", "rank"))
    deals_won = HighestFirst(_("Deals won"), order_by=("-deals_won", "rank"))
    # Scrabble's standings only (issue 37): wins, the spread, then the sum of scores.
    wins = HighestFirst(_("Wins"), order_by=("-half_wins", "rank"))
    spread = HighestFirst(_("Spread"), order_by=("-spread", "rank"))
    points = HighestFirst(_("Points"), order_by=("rank", "player__number"))
    closes = tables.Column(_("Closes"))
    best_round = tables.Column(_("Best round"))
    rounds = tables.Column(_("Rounds"))
    note = tables.Column(_("Note"), empty_values=(), orderable=False)

    class Meta(PublicTable.Meta):
        order_by = ("rank",)

    def __init__(self, data, *args, **kwargs):
        poker = any(getattr(row, "games_won", None) is not None for row in data)
        scrabble = any(getattr(row, "half_wins", None) is not None for row in data)
        exclude = ("closes",) if poker or scrabble else ()
        exclude += () if poker else ("games_won", "deals_won")
        exclude += () if scrabble else ("wins", "spread")
        super().__init__(data, *args, exclude=exclude, **kwargs)
        if scrabble:
            self.columns["points"].column.verbose_name = _("Sum of scores")
            self.columns["rounds"].column.verbose_name = _("Games")

    def render_rank(self, record):
        return f"{record.rank}." + ("*" if record.shared else "")

    def render_player(self, record):
        return player_link(
            self.slug,
            record.player,
            f"{self.prefix}player-{record.player.number}",
            said_number=True,
        )

    def render_club(self, value):
        return cs(value) if value else "–"

    def render_note(self, record):
        notes = []
        if record.advances:
            notes.append(str(_("advances")))
        if record.undecided:
            notes.append(str(_("tie at the cut: the referee draws a lot")))
        if record.medal:
            notes.append(str(MEDALS[record.medal]))
        if record.by_lot:
            notes.append(self.lot_note())
        if record.provisional:
            notes.append(str(_("provisional")))
        notes += record.sanctions
        return self.joined(notes)


class TeamsTable(PublicTable):
    row_header = "team"
    rank = tables.Column(_("Place"), order_by=("rank", "team"))
    team = tables.Column(_("Team"), order_by=("team_key",))
    points = HighestFirst(_("Points"), order_by=("rank", "team"))
    counted = tables.Column(_("Counted players"), orderable=False)
    note = tables.Column(_("Note"), empty_values=(), orderable=False)

    class Meta(PublicTable.Meta):
        order_by = ("rank",)

    def render_rank(self, record):
        return f"{record.rank}." + ("*" if record.shared else "")

    def render_team(self, value):
        return cs(value)

    def render_counted(self, record):
        return format_html(
            ", ".join(["{}"] * len(record.counted)),
            *[player_link(self.slug, info) for info in record.counted],
        )

    def render_note(self, record):
        notes = [MEDALS[record.medal]] if record.medal else []
        if record.by_lot:
            notes.append(self.lot_note())
        return self.joined(notes)


class DrawTable(PublicTable):
    player = tables.Column(
        _("Player"), accessor="player__name", order_by=("player__name_key", "player__number")
    )
    number = tables.Column(_("No."), accessor="player__number")
    table = tables.Column(_("Table"), order_by=("table", "seat"))
    seat = tables.Column(_("Seat"), order_by=("seat", "table"))
    starter = tables.Column(
        _("Starts the game's first round"), accessor="starter__name", orderable=False
    )

    class Meta(PublicTable.Meta):
        # by table, then seat: the table column's own order; one column marked sorted
        order_by = ("table",)

    def render_player(self, record):
        return player_link(self.slug, record.player)

    def render_starter(self, record):
        if not record.starts:
            return cs(record.starter.name)
        return (
            pgettext_lazy("feminine", "this player") if record.player.feminine else _("this player")
        )


class RatingTable(PublicTable):
    """A rating list (``season.rating.rating_lists``): persons, highest rating first."""

    row_header = "person"
    rank = tables.Column(_("Place"), order_by=("rank", "name_key"))
    person = tables.Column(_("Player"), accessor="person__name", order_by=("name_key",))
    club = tables.Column(_("Club"), accessor="person__club", order_by=("club_key", "name_key"))
    category = tables.Column(_("Category"), order_by=("category", "rank"))
    rating = HighestFirst(_("Rating"), order_by=("rank", "name_key"))
    games = HighestFirst(_("Rated games"), order_by=("games_key", "rank"))

    class Meta(PublicTable.Meta):
        order_by = ("rank",)

    def render_rank(self, record):
        return f"{record.rank}." + ("*" if record.shared else "")

    def render_person(self, record):
        url = reverse("tournament:rating_person", kwargs={"person": record.person.pk})
        return format_html('<a href="{}">{}</a>', url, cs(record.person.name))

    def render_club(self, value):
        return cs(value) if value else "–"


class RatingHistoryTable(AccessibleTable):
    """A person's rated games in time order, the rating before and after each."""

    row_header = "game"
    number = tables.Column(_("No."))
    tournament = tables.Column(_("Tournament"), accessor="entry__player__tournament")
    game = tables.Column(_("Game"), empty_values=())
    place = tables.Column(_("Place at the table"), empty_values=())
    points = tables.Column(_("Points"), accessor="entry__points")
    closes = tables.Column(_("Closes"), accessor="entry__closes")
    before = tables.Column(_("Rating before"))
    after = tables.Column(_("Rating after"))
    change = tables.Column(_("Change"), empty_values=())

    class Meta(AccessibleTable.Meta):
        orderable = False  # in time order: the order of the history

    def render_tournament(self, value):
        url = reverse("public:home", kwargs={"slug": value.slug})
        return format_html('<a href="{}">{}</a>', url, cs(value.name))

    def render_game(self, record):
        table = record.entry.table
        return _("%(stage)s, game %(game)s, table %(table)s") % {
            # the player's tournament is loaded with the row: a club's one stage is "turnaj"
            "stage": stage_label(table.game.stage.kind, record.entry.player.tournament),
            "game": table.game.number,
            "table": table.number,
        }

    def render_place(self, record):
        return _("%(place)s. of %(players)s") % {
            "place": record.entry.place,
            "players": record.entry.players,
        }

    def render_change(self, record):
        return f"{record.change:+d}".replace("-", "−")
