"""Issue 21, point 10: a team's certificate lists the team as registered and marks the three
players whose points counted; in words, without an asterisk's footnote, and its place is the
team competition's, not "1. místo: Družstva" (issue 33, point 7)."""

import io

import pytest
from pypdf import PdfReader

from printing import documents, pdf

pytestmark = pytest.mark.django_db


def test_a_team_certificate_lists_the_whole_roster_marking_who_counted(demo):
    rosters = {
        team.name: sorted(m.player.name for m in team.members.select_related("player"))
        for team in demo.teams.all()
    }
    awards = [a for a in documents.results(demo).awards() if a.members]
    assert len(awards) == 3  # the teams' podium
    larger = [a for a in awards if len(rosters[a.holder]) > 3]
    assert larger  # a team of more than three: the point of the mark
    for award in awards:
        assert sorted(name for name, _counted in award.members) == rosters[award.holder]
        assert sum(counted for _name, counted in award.members) == 3
    award = larger[0]
    left_out = next(name for name, counted in award.members if not counted)
    counted = [name for name, c in award.members if c]
    text = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(pdf.certificates(awards))).pages
    )
    assert f"Za družstvo bodovali: {', '.join(counted)}" in text
    assert f"Dále v družstvu: {left_out}" in text
    assert "*" not in text
    assert "1. místo v soutěži družstev" in text and "místo: Družstva" not in text
