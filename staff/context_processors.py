"""The staff's navigation in the header of every staff page (the organiser's, the desk, the
draws, the printouts): the pages the signed-in role may open, the current one marked with
``aria-current``. Other apps' pages are named by their URL names only."""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from accounts.context_processors import roles as roles_of
from accounts.roles import ORGANISER, REFEREE
from tournament import disk
from tournament.models import Tournament, TournamentKind


@dataclass(frozen=True)
class NavLink:
    label: str
    url_name: str
    role: str
    section: tuple[str, ...] = ()  # beginnings of the view names of its other pages
    finals: bool = False  # a page of the finals: not shown for a tournament without them
    kinds: tuple[str, ...] = ()  # shown only for these kinds of tournament (empty: for all)


GENERAL = (
    NavLink(_("Tournaments"), "staff:start", REFEREE, ("staff:start", "staff:tournament_new")),
    NavLink(_("Accounts"), "staff:accounts", ORGANISER, ("staff:account",)),
    NavLink(_("Card table"), "staff:cards", ORGANISER, ("staff:card",)),
    NavLink(_("Persons"), "staff:persons", ORGANISER, ("staff:person",)),
)
OF_TOURNAMENT = (
    NavLink(_("The day"), "staff:tournament", REFEREE),
    NavLink(_("Settings"), "staff:settings", ORGANISER, ("staff:settings",)),
    NavLink(_("Players"), "staff:players", ORGANISER, ("staff:player",)),
    NavLink(_("Teams"), "staff:teams", ORGANISER, ("staff:team",)),
    NavLink(_("Replacements in the A-final"), "staff:replacements", ORGANISER, finals=True),
    NavLink(
        _("Local qualifier"),
        "staff:local_qualifier",
        ORGANISER,
        ("staff:local_qualifier",),
        kinds=(TournamentKind.LOCAL_QUALIFIER,),
    ),
    NavLink(_("Draws"), "draws:overview", ORGANISER, ("draws:",)),
    NavLink(
        _("Referee's desk"),
        "desk:dashboard",
        REFEREE,
        ("desk:dashboard", "desk:sheet", "desk:confirm", "desk:end_game", "desk:upload"),
    ),
    NavLink(_("Advancement and lots"), "desk:advancement", REFEREE, ("desk:draw_lot", "desk:lot")),
    NavLink(_("B-final participation"), "desk:b_final", REFEREE, finals=True),
    NavLink(_("Sanctions"), "desk:sanctions", REFEREE, ("desk:sanction",)),
    NavLink(_("Printouts"), "printing:printouts", ORGANISER, ("printing:",)),
    NavLink(_("Announcement of the results"), "staff:announcement", ORGANISER),
    NavLink(_("The ceremony"), "staff:ceremony", ORGANISER),
)


def _required_role(view) -> str | None:
    while view is not None:
        if hasattr(view, "required_role"):
            return view.required_role
        view = getattr(view, "__wrapped__", None)
    return None


def _current(link: NavLink, view_name: str) -> str | None:
    if view_name == link.url_name:
        return "page"
    if any(view_name.startswith(part) for part in link.section):
        return "true"
    return None


def _links(links, roles: set[str], view_name: str, **kwargs) -> list[dict]:
    shown = []
    for link in links:
        if link.role not in roles:
            continue
        try:
            url = reverse(link.url_name, kwargs=kwargs)
        except NoReverseMatch:  # an app not installed
            continue
        shown.append({"label": link.label, "url": url, "current": _current(link, view_name)})
    return shown


def staff_navigation(request) -> dict:
    """``staff_nav`` on pages that need a role: the general links and, on a tournament's
    page, the tournament's. Made once a request."""
    cached = getattr(request, "_staff_navigation", None)
    if cached is None:
        cached = request._staff_navigation = _navigation(request)
    return cached


def _navigation(request) -> dict:
    match = getattr(request, "resolver_match", None)
    if match is None or _required_role(match.func) is None:
        return {}
    known = roles_of(request)
    roles = {
        role
        for role, held in ((ORGANISER, known["is_organiser"]), (REFEREE, known["is_referee"]))
        if held
    }
    if not roles:
        return {}
    view_name = match.view_name
    nav = {"general": _links(GENERAL, roles, view_name)}
    space = disk.state()
    if space.full or space.low:  # said on every staff page while it lasts (issue 38)
        nav["disk"] = space
    slug = match.kwargs.get("slug")
    if slug:
        found = (
            Tournament.objects.filter(slug=slug).values_list("name", "kind", "plays_finals").first()
        )
        if found is not None:
            name, kind, plays_finals = found
            finals = kind == TournamentKind.CHAMPIONSHIP or plays_finals
            links = [
                link
                for link in OF_TOURNAMENT
                if (finals or not link.finals) and (not link.kinds or kind in link.kinds)
            ]
            nav["tournament"] = {
                "name": name,
                "links": _links(links, roles, view_name, slug=slug),
            }
    return {"staff_nav": nav}
