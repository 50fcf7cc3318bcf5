"""The organiser's admin for people and structure, in Czech."""

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext_lazy as _

from rules.championship import TEAM_SIZE_MAX, TEAM_SIZE_MIN

from .models import Card, Game, Player, Round, Seat, Stage, Table, Team, TeamMember, Tournament
from .words import team_size_message

admin.site.site_header = _("Syllabatim championship – administration")
admin.site.site_title = _("Syllabatim championship")
admin.site.index_title = _("Organiser's administration")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "year", "start_date", "venue", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    fieldsets = [
        (
            None,
            {"fields": ["name", "slug", "year", "start_date", "end_date", "venue", "organiser"]},
        ),
        (_("Settings"), {"fields": ["close_bonus", "max_card_value", "quota_b1", "quota_vs"]}),
    ]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
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


class TeamMemberFormSet(BaseInlineFormSet):
    def clean(self):
        super().clean()
        if any(self.errors):
            return
        kept = [
            form
            for form in self.forms
            if form.cleaned_data.get("player") and not form.cleaned_data.get("DELETE")
        ]
        if not TEAM_SIZE_MIN <= len(kept) <= TEAM_SIZE_MAX:
            raise ValidationError(team_size_message(len(kept)))


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    formset = TeamMemberFormSet
    extra = TEAM_SIZE_MIN
    max_num = TEAM_SIZE_MAX
    autocomplete_fields = ["player"]

    def _frozen(self, obj) -> bool:
        return obj is not None and obj.roster_frozen

    def has_add_permission(self, request, obj=None):
        return not self._frozen(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not self._frozen(obj) and super().has_delete_permission(request, obj)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]
    list_filter = ["tournament"]
    inlines = [TeamMemberInline]


class GameInline(admin.TabularInline):
    model = Game
    fields = ["number", "draw_seed", "drawn_at", "drawn_by"]
    extra = 0
    show_change_link = True


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["tournament", "kind"]
    list_filter = ["tournament", "kind"]
    inlines = [GameInline]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    show_change_link = True


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "number"]
    list_filter = ["stage__tournament", "stage__kind"]
    inlines = [RoundInline, TableInline]
    list_select_related = ["stage__tournament"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "game"]
    list_filter = ["game__stage__tournament", "game__stage__kind"]
    inlines = [SeatInline]
    list_select_related = ["game__stage__tournament"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["letters", "value", "count"]
    list_editable = ["value", "count"]
    search_fields = ["letters"]
