"""The staff's tables: the accessible table of every page (``ui.tables``)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from ui.tables import AccessibleTable


def _tick(name: str, label: str, record, checked: bool):
    """A checkbox of the bulk form, named by its label (the player) for screen readers."""
    return format_html(
        '<input type="checkbox" name="{name}" value="{number}" id="{name}-{number}"{checked}>'
        '<label for="{name}-{number}"><span class="visually-hidden">{label}: {number}. '
        "{player}</span></label>",
        name=name,
        number=record.number,
        checked=" checked" if checked else "",
        label=label,
        player=record.name,
    )


class PlayersTable(AccessibleTable):
    row_header = "name"

    number = tables.Column(_("No."), order_by=("number",))
    name = tables.Column(_("Player"), order_by=("name", "number"))
    sight = tables.Column(_("Sight class"), order_by=("category", "sight", "number"))
    club = tables.Column(_("Club"))
    team = tables.Column(_("Team"))
    eligibility = tables.Column(_("Eligibility"), order_by=("eligible", "number"))
    present = tables.Column(_("Present"), order_by=("present", "number"))
    paid = tables.Column(_("Entry fee paid"), order_by=("paid", "number"))

    class Meta(AccessibleTable.Meta):
        order_by = ("number",)

    def render_name(self, record):
        url = reverse("staff:player", kwargs={"slug": self.slug, "number": record.number})
        return format_html('<a href="{}">{}</a>', url, record.name)

    def render_club(self, value):
        return value or "–"

    def render_team(self, value):
        return value or "–"

    def render_present(self, record):
        hidden = format_html('<input type="hidden" name="shown" value="{}">', record.number)
        return hidden + _tick("present", _("Present"), record, record.present)

    def render_paid(self, record):
        return _tick("paid", _("Entry fee paid"), record, record.paid)
