"""The shared web layer (issue 23): what the audience apps copied from each other (the
accessible table, search folding, the medal names) has one definition in ``ui/``; a pasted
copy fails here."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "rules",
    "tournament",
    "scoring",
    "interchange",
    "ui",
    "draws",
    "desk",
    "public",
    "printing",
    "sync",
    "scorekeeper",
    "staff",
    "accounts",
    "syllabatim",
)

# a definition -> the one file that may hold it
ONCE = {
    "def folded(": "ui/search.py",
    "(tables.Table)": "ui/tables.py",  # the accessible table
    'template_name = "ui/table.html"': "ui/tables.py",
    '"medal", "gold"': "ui/labels.py",
    '"gold"': "ui/labels.py",
}


def sources() -> dict[str, str]:
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
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
