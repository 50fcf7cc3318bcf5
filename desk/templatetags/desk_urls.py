"""The desk's addresses in templates: ``{% dashboard_url tournament.slug game %}`` is the grid
with the game chosen, as ``desk.views.common.dashboard_url`` builds it for the views."""

from django import template

from desk.views.common import dashboard_url as _dashboard_url

register = template.Library()


@register.simple_tag
def dashboard_url(slug, game, anchor: str = "") -> str:
    return _dashboard_url(slug, game, anchor)
