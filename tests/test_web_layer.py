"""The shared web layer (issue 23): what the audience apps copied from each other (the
accessible table, search folding, the medal names) has one definition in ``ui/``; a pasted
copy fails here. And the domain apps know no web (issue 36, 2): no module of theirs imports
Django's URLs, requests and responses, shortcuts or templates, or builds an address with
``reverse``; the apps that own an address pass it in."""

import ast

import pytest

from tests.source_code import ROOT, sources

# the apps below the web layer (README, "What is where"); a ``season`` app once it is there
DOMAIN_APPS = tuple(
    app
    for app in ("rules", "tournament", "scoring", "interchange", "season")
    if (ROOT / app).is_dir()
)
WEB_MODULES = ("django.urls", "django.http", "django.shortcuts", "django.template")
# the functions that build an address from a URL's name (``django.urls``, ``django.shortcuts``)
ADDRESS_BUILDERS = {"reverse", "reverse_lazy", "resolve_url", "redirect"}


def _web_module(name: str) -> bool:
    return any(name == module or name.startswith(module + ".") for module in WEB_MODULES)


def web_uses(code: str) -> list[str]:
    """What a module's code uses of the web: each import of a web module (``import
    django.http``, ``from django.urls import …``, ``from django import template``) and each
    call building an address (``reverse("…")``, ``urls.reverse("…")``), with its line."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if _web_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            if _web_module(node.module) or any(_web_module(name) for name in names):
                found.append(f"{node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Call):
            function = node.func
            name = function.id if isinstance(function, ast.Name) else None
            if isinstance(function, ast.Attribute) and (node.args or node.keywords):
                name = function.attr  # a list's .reverse() takes no argument: not an address
            if name in ADDRESS_BUILDERS:
                found.append(f"{node.lineno}: {name}(…)")
    return found


@pytest.mark.parametrize(
    ("code", "found"),
    [
        ("from django.urls import reverse", ["1: from django.urls import …"]),
        ("import django.http", ["1: import django.http"]),
        ("from django import template", ["1: from django import …"]),
        (
            "from django.template.loader import render_to_string",
            ["1: from django.template.loader import …"],
        ),
        ("x = 1\nurls.reverse('public:log')", ["2: reverse(…)"]),
        ("reverse_lazy('x')", ["1: reverse_lazy(…)"]),
        ("rows.reverse()\nfrom django.utils.html import format_html", []),
        ("from django.db import models\nimport django", []),
    ],
)
def test_the_web_check_finds_what_it_looks_for(code, found):
    assert web_uses(code) == found


@pytest.mark.parametrize("app", DOMAIN_APPS)
def test_a_domain_app_uses_no_web(app):
    """Each module of a domain app, parsed: no import of a web module, no address built."""
    uses = {
        path: found
        for path, code in sources().items()
        if path.split("/")[0] == app and (found := web_uses(code))
    }
    assert uses == {}


# a definition -> the one file that may hold it
ONCE = {
    "def folded(": "tournament/collation.py",
    "(tables.Table)": "ui/tables.py",  # the accessible table
    'template_name = "ui/table.html"': "ui/tables.py",
    '"medal", "gold"': "ui/labels.py",
    '"gold"': "ui/labels.py",
    "def sight_label(": "ui/labels.py",
    # the refusal display: one helper instead of three ways
    "def show_refusal(": "ui/refusals.py",
    '" ".join(refusal.messages)': "ui/refusals.py",
    # the sheet form (web layer, not scoring) and the version it was loaded with
    "def lines_from_form(": "ui/sheet_form.py",
    '.get("version", "0")': "ui/sheet_form.py",
    # the confirm pages are declared on ui.views.ConfirmView
    '"staff/confirm.html"': "staff/views/common.py",
}


@pytest.mark.parametrize("text", sorted(ONCE))
def test_a_shared_definition_is_written_once(text):
    holders = {name: code.count(text) for name, code in sources().items() if text in code}
    assert holders == {ONCE[text]: 1}


def test_the_medal_names_are_czech_on_pages_and_printouts():
    from django.utils import translation

    from ui.labels import MEDALS, medal_name

    with translation.override("cs"):
        assert [medal_name(place) for place in (1, 2, 3)] == ["zlato", "stříbro", "bronz"]
        assert str(MEDALS[1]) == "zlato"


def test_a_refusal_is_shown_next_to_its_field_or_on_the_next_page(rf):
    from django import forms
    from django.contrib.messages import get_messages
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.core.exceptions import ValidationError

    from ui.refusals import show_refusal

    class Form(forms.Form):
        name = forms.CharField()
        member_1 = forms.CharField()

    form = Form({"name": "x", "member_1": "y"})
    assert form.is_valid()
    show_refusal(
        form,
        ValidationError({"name": "taken", "members": "too few", "other": "no"}),
        aliases={"members": "member_1"},
    )
    assert form.errors == {"name": ["taken"], "member_1": ["too few"], "__all__": ["no"]}

    form = Form({"name": "x", "member_1": "y"})
    assert form.is_valid()
    show_refusal(form, ValidationError("Too many games."), about="member_1")
    assert form.errors == {"member_1": ["Too many games."]}

    request = rf.post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    show_refusal(request, ValidationError(["One.", "Two."]))
    assert [str(m) for m in get_messages(request)] == ["One. Two."]


@pytest.mark.parametrize(
    ("typed", "version"), [("3", 3), (" 3 ", 3), ("", -1), ("x", -1), ("-2", -1), ("9" * 12, -1)]
)
def test_the_form_version_is_read_one_way(typed, version):
    from ui.sheet_form import form_version

    assert form_version({"version": typed}) == version
    assert form_version({}) == 0


def test_the_sheet_form_asks_a_line_s_fields_from_their_one_definition():
    from types import SimpleNamespace

    from rules.score import RESULT_FIELDS
    from ui.sheet_form import TABLE_FIELDS, form_rows

    player = SimpleNamespace(start_number=7)
    state = SimpleNamespace(seats=[SimpleNamespace(player=player, position=0)], starting_position=0)
    rows = form_rows(state, {}, [])
    assert tuple(rows[0]["fields"]) == RESULT_FIELDS and rows[0]["starts"]
    assert set(TABLE_FIELDS) < set(RESULT_FIELDS)
