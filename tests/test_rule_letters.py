"""The rule letters the code cites ("(rule K)", "(B, C, K)", "rules C and K") each have a line
in ``rules/README.md`` saying what that letter of the regulations is (issue 36)."""

import re

from tests.source_code import ROOT, sources

CITED = re.compile(
    r"\((?:rules? )?([A-O](?:(?:, | and )[A-O])*)\)|\brules? ([A-O])(?: and ([A-O]))?\b"
)


def cited_letters() -> set[str]:
    letters = set()
    for code in sources().values():
        for match in CITED.finditer(code):
            letters |= set(re.findall(r"[A-O]", "".join(filter(None, match.groups()))))
    return letters


def test_the_code_cites_rule_letters():
    assert {"B", "F", "K"} <= cited_letters()


def test_every_cited_letter_is_explained_in_the_rules_readme():
    explained = set(
        re.findall(r"^\| ([A-O]) \|", (ROOT / "rules" / "README.md").read_text("utf-8"), re.M)
    )
    assert cited_letters() - explained == set()
