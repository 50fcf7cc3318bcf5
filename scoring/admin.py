from dataclasses import replace

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from rules.score import RESULT_FIELDS
from rules.sheet import SheetLine
from tournament.admin import NoWrites, ReadOnlyAdmin

from . import sheets as sheet_services
from .models import Lot, Replacement, RoundResult, Sanction, Sheet


def sheet_lines_with(result: RoundResult, data: dict) -> tuple[sheet_services.SheetState, list]:
    """The result's whole sheet as stored, with this one line changed as in the admin form."""
    state = sheet_services.sheet_state(result.table, result.round)
    lines = []
    for seat in state.seats:
        stored = state.results.get(seat.player.start_number)
        line = SheetLine(
            seat.player.start_number,
            stored.laid,
            stored.unused,
            stored.closed,
            stored.disqualified,
            stored.penalty,
        )
        if stored.pk == result.pk:
            line = replace(
                line,
                **{name: data[name] for name in RESULT_FIELDS},
            )
        lines.append(line)
    return state, lines


class RoundResultForm(forms.ModelForm):
    """An admin change of a result is a change of its table's sheet: the same checks, the same
    locking and history as at the referee's desk."""

    correction_reason = forms.CharField(
        label=gettext_lazy("reason of the correction"),
        required=False,
        max_length=sheet_services.CORRECTION_REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "Needed when the sheet is confirmed: the change makes it unconfirmed, and the "
            "sheet's history keeps the reason. The referee's desk also shows what it changes."
        ),
    )

    class Meta:
        model = RoundResult
        fields = list(RESULT_FIELDS)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        state, lines = sheet_lines_with(self.instance, data)
        problems = [p for p in sheet_services.check_lines(state, lines) if not p.warning]
        if problems:
            raise ValidationError([p.message for p in problems])
        if state.sheet is not None and state.sheet.confirmed and not data.get("correction_reason"):
            self.add_error("correction_reason", sheet_services.reason_missing_message())
            return data
        self.sheet_state, self.sheet_lines = state, lines
        return data


@admin.register(RoundResult)
class RoundResultAdmin(SimpleHistoryAdmin):
    form = RoundResultForm
    list_display = [
        "player",
        "table",
        "round",
        "laid",
        "unused",
        "closed",
        "disqualified",
        "penalty",
    ]
    list_filter = [
        "table__game__stage__tournament",
        "table__game__stage__kind",
        "closed",
        "disqualified",
    ]
    search_fields = ["player__name", "=player__start_number"]
    list_select_related = ["player", "table", "round"]

    def has_add_permission(self, request):
        return False  # sheets are entered whole, at the referee's desk

    def has_delete_permission(self, request, obj=None):
        return False  # a sheet without a seated player's line is refused by every check

    def save_model(self, request, obj, form, change):
        state = form.sheet_state
        sheet_services.save_sheet(
            table=obj.table,
            round=obj.round,
            lines=form.sheet_lines,
            by=request.user,
            version=state.version,
            confirm_warnings=True,
            correction_reason=form.cleaned_data.get("correction_reason", ""),
        )


class ReadOnlyHistoryAdmin(NoWrites, SimpleHistoryAdmin):
    """Shown with its history, never written here: lots are drawn at the desk, sheets entered
    and confirmed there, sanctions recorded there, replacements decided on the staff page, all
    through the services' checks (``tournament.admin.NoWrites``)."""

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":  # a revert writes the old row back past every check
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)


@admin.register(Lot)
class LotAdmin(ReadOnlyHistoryAdmin):
    list_display = ["__str__", "tournament", "stage", "drawn_at", "drawn_by"]
    list_filter = ["tournament", "stage"]


@admin.register(Sheet)
class SheetAdmin(ReadOnlyHistoryAdmin):
    list_display = [
        "__str__",
        "table",
        "round",
        "version",
        "entered_by",
        "entered_at",
        "confirmed_by",
        "confirmed_at",
    ]
    list_filter = ["table__game__stage__tournament", "table__game__stage__kind"]
    list_select_related = ["table", "round", "entered_by", "confirmed_by"]
    readonly_fields = [
        "table",
        "round",
        "version",
        "entered_by",
        "entered_at",
        "confirmed_by",
        "confirmed_at",
    ]

    def has_add_permission(self, request):
        return False


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyHistoryAdmin):
    """The back office's view of sanctions: they are recorded and withdrawn at the desk, where
    the referee sees what they change."""

    list_display = ["__str__", "tournament", "reason", "decided_by", "decided_at", "withdrawn_at"]
    list_filter = ["tournament", "scope"]
    list_select_related = ["player", "game__stage__tournament", "tournament"]
    readonly_fields = [
        "tournament",
        "player",
        "scope",
        "game",
        "reason",
        "decided_by",
        "decided_at",
        "withdrawn_by",
        "withdrawn_at",
        "withdrawal_reason",
    ]

    def has_add_permission(self, request):
        return False


@admin.register(Replacement)
class ReplacementAdmin(ReadOnlyAdmin):
    """Decided on the staff page, where the rules' checks are (``scoring.finals``)."""

    list_display = ["__str__", "tournament", "reason", "decided_by", "decided_at"]
    list_filter = ["tournament"]
