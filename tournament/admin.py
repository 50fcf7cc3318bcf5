"""The organiser's admin for people and structure, in Czech."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import (
    Card,
    Game,
    Person,
    Player,
    Round,
    Seat,
    Stage,
    Table,
    Team,
    TeamMember,
    Tournament,
)

admin.site.site_header = _("Syllabatim championship – administration")
admin.site.site_title = _("Syllabatim championship")
admin.site.index_title = _("Organiser's administration")


class NoWrites:
    """Shown, never written: the staff pages and the referee's desk write these through the
    services and the rules' checks (issue 22: a write that skips them, e.g. a close bonus of
    50 after results exist or a seat of player 999, made the export fail its own import and
    stopped every push). A mixin of every read-only admin, page or inline, here and in
    ``scoring.admin``."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(NoWrites, admin.ModelAdmin):
    """A whole tournament may still be deleted (its own admin allows it)."""


class ReadOnlyInline(NoWrites, admin.TabularInline):
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "year", "start_date", "venue", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    fieldsets = [
        (
            None,
            {"fields": ["name", "slug", "year", "start_date", "end_date", "venue", "organiser"]},
        ),
        (_("Settings"), {"fields": ["close_bonus", "max_card_value", "quota_b1", "quota_vs"]}),
    ]

    def has_delete_permission(self, request, obj=None):
        return admin.ModelAdmin.has_delete_permission(self, request, obj)


@admin.register(Person)
class PersonAdmin(ReadOnlyAdmin):
    list_display = ["name", "birth_date", "sight_class", "club", "merged_into", "uuid"]
    search_fields = ["name", "folded_name", "club", "=uuid"]
    list_select_related = ["merged_into"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = [
        "start_number",
        "name",
        "sight_class",
        "club",
        "birth_date",
        "paid",
        "local_qualifier",
        "plays_b_final",
        "tournament",
    ]
    list_display_links = ["start_number", "name"]
    list_filter = ["tournament", "sight_class", "paid", "plays_b_final"]
    search_fields = ["name", "club", "=start_number"]
    list_select_related = ["tournament"]


class TeamMemberInline(ReadOnlyInline):
    model = TeamMember


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ["name", "tournament"]
    list_filter = ["tournament"]
    inlines = [TeamMemberInline]


class GameInline(ReadOnlyInline):
    model = Game
    fields = ["number", "draw_seed", "drawn_at", "drawn_by"]
    show_change_link = True


@admin.register(Stage)
class StageAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "kind"]
    list_filter = ["tournament", "kind"]
    inlines = [GameInline]


class RoundInline(ReadOnlyInline):
    model = Round


class TableInline(ReadOnlyInline):
    model = Table
    show_change_link = True


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "number"]
    list_filter = ["stage__tournament", "stage__kind"]
    inlines = [RoundInline, TableInline]
    list_select_related = ["stage__tournament"]


class SeatInline(ReadOnlyInline):
    model = Seat


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "game"]
    list_filter = ["game__stage__tournament", "game__stage__kind"]
    inlines = [SeatInline]
    list_select_related = ["game__stage__tournament"]


@admin.register(Card)
class CardAdmin(ReadOnlyAdmin):
    """The card table is edited on the staff page (``/sprava/karty/``), with its checks."""

    list_display = ["letters", "value", "count"]
    search_fields = ["letters"]
