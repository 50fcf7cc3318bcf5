"""The demo championship: believable, complete, and loaded once."""

import json
import re
import subprocess
import sys
from collections import Counter
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from accounts.demo_account import DEMO_LOGIN, DEMO_PASSWORD
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from interchange.results import results_document
from scoring.selectors import tournament_data
from tests.conftest import database_snapshot

DOCUMENT = json.loads(DEMO_FILE.read_text(encoding="utf-8"))


def test_the_demo_is_a_whole_championship():
    players = DOCUMENT["players"]
    assert 30 <= len(players) <= 40
    classes = Counter(p["sight_class"] for p in players)
    assert classes["B1"] >= 6 and sum(classes.values()) - classes["B1"] >= 6
    assert len(DOCUMENT["teams"]) == 6
    qualifier = DOCUMENT["stages"]["qualifier"]["games"]
    assert len(qualifier) == 4
    assert len({tuple(g["rounds"]) for g in qualifier}) == 4  # drawn round lists
    assert all(
        len(g["rounds"]) == 7
        for s in ("final_a", "final_b")
        for g in DOCUMENT["stages"][s]["games"]
    )
    for stage in DOCUMENT["stages"].values():
        for game in stage["games"]:
            assert all(5 <= len(t["seats"]) <= 8 for t in game["tables"])
    assert all(" " in p["name"] for p in players)


@pytest.mark.django_db
def test_the_demo_has_a_tie_at_the_cut_resolved_by_a_lot():
    tournament, _ = import_tournament(json.loads(json.dumps(DOCUMENT)), slug="demo")
    data = tournament_data(tournament)
    resolved = results_document(data)["qualifier"]
    assert resolved["unresolved_ties"] == []
    [lot] = DOCUMENT["lots"]
    assert lot["stage"] == "qualifier" and {"seed", "drawn_at", "drawn_by"} <= set(lot)
    data.lots = []
    [tie] = results_document(data)["qualifier"]["unresolved_ties"]
    assert sorted(tie["players"]) == sorted(lot["order"])
    # the lot's winner advanced and played the A-final, the other the B-final (or not at all)
    final_a = {
        p for g in DOCUMENT["stages"]["final_a"]["games"] for t in g["tables"] for p in t["seats"]
    }
    assert lot["order"][0] in final_a and lot["order"][1] not in final_a
    assert sorted(final_a) == sorted(n for c in resolved["advancing"].values() for n in c)


def test_the_generator_reproduces_the_committed_demo():
    done = subprocess.run(
        [sys.executable, "fixtures/generate_demo.py"],
        capture_output=True,
        text=True,
        check=True,
        cwd=settings.BASE_DIR,
    )
    assert json.loads(done.stdout) == DOCUMENT


@pytest.mark.django_db
def test_demo_loads_once_and_prints_the_slug_last(settings):
    settings.DEBUG = True  # a laptop's make run
    out, err = StringIO(), StringIO()
    call_command("demo", "--organiser", stdout=out, stderr=err)
    assert out.getvalue().splitlines()[-1] == "mcr-2026"
    assert f"jméno {DEMO_LOGIN}, heslo {DEMO_PASSWORD}" in out.getvalue()
    assert "make serve" in err.getvalue()  # which a server without debug refuses
    assert "http://127.0.0.1:8000/sprava/" in out.getvalue()  # the staff's start, not the admin
    assert "/admin/" not in out.getvalue()
    assert User.objects.get(username="organizator").is_staff
    before = database_snapshot()
    out = StringIO()
    call_command("demo", "--organiser", stdout=out, stderr=StringIO())
    assert out.getvalue().splitlines()[-1] == "mcr-2026"
    assert database_snapshot() == before


@pytest.mark.django_db
def test_the_demo_account_is_refused_without_debug(settings):
    """The published password on a server anyone may reach: refused unless asked for by name,
    and then the account gets a generated password, shown once, never the published one."""
    settings.DEBUG = False
    before = database_snapshot()
    with pytest.raises(CommandError, match="--allow-without-debug"):
        call_command("demo", "--organiser", stdout=StringIO(), stderr=StringIO())
    assert database_snapshot() == before
    assert not User.objects.filter(username=DEMO_LOGIN).exists()
    out = StringIO()
    call_command("demo", "--organiser", "--allow-without-debug", stdout=out, stderr=StringIO())
    [shown] = re.findall(r"heslo (\S+), zobrazené jen teď", out.getvalue())
    account = User.objects.get(username=DEMO_LOGIN)
    assert account.check_password(shown) and not account.check_password(DEMO_PASSWORD)
    assert DEMO_PASSWORD not in out.getvalue()
    out = StringIO()
    call_command("demo", "--organiser", "--allow-without-debug", stdout=out, stderr=StringIO())
    assert "už ne se zveřejněným" in out.getvalue() and shown not in out.getvalue()
    assert User.objects.get(username=DEMO_LOGIN).check_password(shown)  # unchanged
    out = StringIO()
    call_command("demo", stdout=out, stderr=StringIO())  # the championship alone needs no flag
    assert out.getvalue().splitlines()[-1] == "mcr-2026"


@pytest.mark.django_db
def test_a_published_demo_password_made_with_debug_is_replaced_without(settings):
    """``make run`` made the account with the published password; ``demo --organiser
    --allow-without-debug`` on the server then gives it a generated one."""
    settings.DEBUG = True
    call_command("demo", "--organiser", stdout=StringIO(), stderr=StringIO())
    assert User.objects.get(username=DEMO_LOGIN).check_password(DEMO_PASSWORD)
    settings.DEBUG = False
    out = StringIO()
    call_command("demo", "--organiser", "--allow-without-debug", stdout=out, stderr=StringIO())
    [shown] = re.findall(r"heslo (\S+), zobrazené jen teď", out.getvalue())
    account = User.objects.get(username=DEMO_LOGIN)
    assert account.check_password(shown) and not account.check_password(DEMO_PASSWORD)
