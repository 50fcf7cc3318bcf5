"""Every rule once (issue 23): each of these was written twice, and the copies drifted (two
counts of drawn games, two wordings of the quota freeze, the desk offering an early end that
the service refused). Each now has one definition; a pasted copy fails here."""

import pytest

from tests.source_code import sources

# what was pasted -> the one file that may hold it
ONCE = {
    '"B1", "B2", "B3", "B4", "none"': "rules/categories.py",  # the sight classes
    '"qualifier", "final_a", "final_b"': "rules/stages.py",  # the stages in playing order
    "The A-final places cannot change once the qualifier": "tournament/models.py",
    "is fixed in advance (rule B)": "tournament/services.py",
    "qualifier games are drawn already": "tournament/services.py",
    "Kind(kind).label": "tournament/labels.py",  # a stage's name
    "Only a final game can be ended early": "scoring/early_end.py",
    "history.filter(table_id": "scoring/log.py",  # a sheet's history
}
NEVER = (
    '("B2", "B3", "B4", "none")',  # rules.categories.can_keep_sheet
    '"laid", "unused", "closed", "disqualified", "penalty"',  # rules.score.RESULT_FIELDS
    "def _stage(",  # tournament.labels.stage_label
)


@pytest.mark.parametrize("text", sorted(ONCE))
def test_a_rule_is_written_once(text):
    holders = {name: code.count(text) for name, code in sources().items() if text in code}
    assert holders == {ONCE[text]: 1}


@pytest.mark.parametrize("text", NEVER)
def test_a_copy_of_a_shared_definition_is_gone(text):
    assert [name for name, code in sources().items() if text in code] == []
