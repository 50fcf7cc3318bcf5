"""The shared web layer (issue 23): what the audience apps copied from each other (the
accessible table, search folding, the medal names) has one definition in ``ui/``; a pasted
copy fails here."""

import pytest

from tests.source_code import sources

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
