"""The staff's tables through django-tables2, rendered by the accessible template that the
public tables use too (``includes/table.html``): a caption, column headers with scope and sort
state, a row header for each row."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


class StaffTable(tables.Table):
    row_header = "name"  # the column whose cells head their rows

    def __init__(self, *args, caption="", slug=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.caption = caption
        self.slug = slug

    class Meta:
        template_name = "includes/table.html"
        orderable = True


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


class PlayersTable(StaffTable):
    number = tables.Column(_("No."), order_by=("number",))
    name = tables.Column(_("Player"), order_by=("name", "number"))
    sight = tables.Column(_("Sight class"), order_by=("category", "sight", "number"))
    club = tables.Column(_("Club"))
    team = tables.Column(_("Team"))
    eligibility = tables.Column(_("Eligibility"), order_by=("eligible", "number"))
    present = tables.Column(_("Present"), order_by=("present", "number"))
    paid = tables.Column(_("Entry fee paid"), order_by=("paid", "number"))

    class Meta(StaffTable.Meta):
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
