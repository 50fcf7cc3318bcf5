"""Broken files: each is refused with a message naming the place and the problem, the
command exits non-zero without a traceback, and the database is left as it was."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from interchange.importer import DocumentRejected, import_tournament
from tests.conftest import database_snapshot

pytestmark = pytest.mark.django_db


def qualifier_table(document, game=0, table=0):
    return document["stages"]["qualifier"]["games"][game]["tables"][table]


def first_result(document, game=0, table=0, played=0, line=0):
    return qualifier_table(document, game, table)["rounds"][played]["results"][line]


def break_schema_type(d):
    first_result(d)["laid"] = "24"


def break_schema_negative(d):
    first_result(d)["unused"] = -1


def break_schema_date(d):
    d["players"][0]["birth_date"] = "1947-02-30"


def break_schema_missing(d):
    del d["players"][2]["sight_class"]


def break_schema_unknown_field(d):
    d["players"][2]["nickname"] = "Eva"


def break_schema_format(d):
    d["format"] = "syllabatim-results"


def break_round_number(d):
    d["stages"]["final_a"]["games"][0]["rounds"] = [1, 2, 3, 4, 5, 6, 8]


def break_duplicate_start_number(d):
    d["players"][3]["no"] = 1


def break_team_member_missing(d):
    d["teams"][0]["members"][0] = 99


def break_player_in_two_teams(d):
    d["teams"][1]["members"][0] = d["teams"][0]["members"][0]


def break_duplicate_team_name(d):
    d["teams"][1]["name"] = d["teams"][0]["name"]


def break_seated_player_missing(d):
    table = qualifier_table(d)
    old = table["seats"][0]
    table["seats"][0] = 77
    for played in table["rounds"]:
        for result in played["results"]:
            if result["player"] == old:
                result["player"] = 77


def break_player_at_two_tables(d):
    other = qualifier_table(d, table=1)["seats"][0]
    qualifier_table(d)["seats"].append(other)


def break_result_for_unseated_player(d):
    other = qualifier_table(d, table=1)["seats"][0]
    first_result(d)["player"] = other


def break_result_missing(d):
    qualifier_table(d)["rounds"][0]["results"].pop()


def break_result_twice(d):
    results = qualifier_table(d)["rounds"][0]["results"]
    results.append(dict(results[0]))


def break_round_not_in_game(d):
    qualifier_table(d)["rounds"][0]["round"] = 1  # game 1 plays 6, 3, 4, 2, 7


def break_round_listed_twice(d):
    table = qualifier_table(d)
    table["rounds"].append(json.loads(json.dumps(table["rounds"][0])))


def break_two_closers(d):
    results = qualifier_table(d)["rounds"][0]["results"]
    for result in results[:2]:
        result["closed"], result["unused"] = True, 0


def break_closer_with_unused(d):
    for result in qualifier_table(d)["rounds"][0]["results"]:
        if result["closed"]:
            result["unused"] = 3
            return
    raise AssertionError("the example's round has a closer")


def break_card_bound(d):
    first_result(d)["laid"] = 9 * 14 + 1  # round 6 deals 9 cards
    first_result(d)["unused"] = 0


def break_card_bound_with_setting(d):
    d["tournament"]["settings"] = {"max_card_value": 3}


def break_starting_seat(d):
    qualifier_table(d)["starting_seat"] = 8


def break_duplicate_table_number(d):
    qualifier_table(d, table=1)["number"] = qualifier_table(d)["number"]


def break_duplicate_game_number(d):
    d["stages"]["qualifier"]["games"][1]["number"] = 1


def break_quota_below_three(d):
    d["tournament"]["settings"] = {"quota": {"B1": 2, "VS": 6}}


def break_end_before_start(d):
    d["tournament"]["end_date"] = "2025-06-13"


def break_lot_unknown_player(d):
    d["lots"] = [{"stage": "qualifier", "order": [6, 99]}]


def break_lot_unknown_team(d):
    d["lots"] = [{"stage": "teams", "order": ["Družstvo Vltava 1", "Nikdo"]}]


def break_lot_names_in_stage(d):
    d["lots"] = [{"stage": "final_a", "order": ["Družstvo Vltava 1", 6]}]


def break_huge_number(d):
    first_result(d)["penalty"] = 10**12


def break_drawn_at(d):
    d["stages"]["qualifier"]["games"][0]["draw"] = {"drawn_at": "dnes ráno"}


BROKEN = {
    # name: (change, words the message must contain)
    "schema_type": (break_schema_type, ["game 1", "table 1", "round 6", "player no. 13", "laid"]),
    "schema_negative": (break_schema_negative, ["table 1", "round 6", "player no. 13", "unused"]),
    "schema_date": (break_schema_date, ["player no. 1", "birth_date", "1947-02-30"]),
    "schema_missing": (break_schema_missing, ["player no. 3", "sight_class"]),
    "schema_unknown_field": (break_schema_unknown_field, ["player no. 3", "nickname"]),
    "schema_format": (break_schema_format, ["format"]),
    "round_number": (break_round_number, ["A-final", "game 1", "rounds"]),
    "duplicate_start_number": (break_duplicate_start_number, ["player no. 1", "twice"]),
    "team_member_missing": (break_team_member_missing, ["Družstvo Vltava 1", "player no. 99"]),
    "player_in_two_teams": (break_player_in_two_teams, ["Družstvo Morava 2", "player no. 9"]),
    "duplicate_team_name": (break_duplicate_team_name, ["Družstvo Vltava 1"]),
    "seated_player_missing": (break_seated_player_missing, ["game 1", "table 1", "player no. 77"]),
    "player_at_two_tables": (break_player_at_two_tables, ["game 1", "table 1", "table 2"]),
    "result_for_unseated": (break_result_for_unseated_player, ["table 1", "round 6"]),
    "result_missing": (break_result_missing, ["table 1", "round 6", "player no. 12", "missing"]),
    "result_twice": (break_result_twice, ["table 1", "round 6", "player no. 13"]),
    "round_not_in_game": (break_round_not_in_game, ["game 1", "table 1", "round 1"]),
    "round_listed_twice": (break_round_listed_twice, ["table 1", "round 6", "twice"]),
    "two_closers": (break_two_closers, ["table 1", "round 6", "player no. 13", "player no. 11"]),
    "closer_with_unused": (break_closer_with_unused, ["table 1", "round 6", "unused"]),
    "card_bound": (break_card_bound, ["table 1", "round 6", "player no. 13", "126"]),
    "card_bound_setting": (break_card_bound_with_setting, ["Qualifier", "game 1", "27"]),
    "starting_seat": (break_starting_seat, ["game 1", "table 1", "starting_seat"]),
    "duplicate_table": (break_duplicate_table_number, ["game 1", "table 1"]),
    "duplicate_game": (break_duplicate_game_number, ["Qualifier", "game 1"]),
    "quota_below_three": (break_quota_below_three, ["quota", "B1", "2"]),
    "end_before_start": (break_end_before_start, ["end_date"]),
    "lot_unknown_player": (break_lot_unknown_player, ["lot 1", "99"]),
    "lot_unknown_team": (break_lot_unknown_team, ["lot 1", "Nikdo"]),
    "lot_names_in_stage": (break_lot_names_in_stage, ["lot 1", "Družstvo Vltava 1"]),
    "huge_number": (break_huge_number, ["table 1", "round 6", "player no. 13", "penalty"]),
    "drawn_at": (break_drawn_at, ["game 1", "drawn_at", "dnes ráno"]),
}


def break_nul_in_name(d):
    d["players"][4]["name"] = "Jiří\x00Žáková"


def break_long_club(d):
    d["players"][4]["club"] = "Klub " * 100


def break_leap_second(d):
    d["lots"] = [{"stage": "qualifier", "order": [6, 14], "drawn_at": "2025-06-30T23:59:60Z"}]


def break_escape_in_name(d):
    d["players"][4]["name"] = "Jiří\x1b[31mŽáková"


def break_tab_in_club(d):
    d["players"][4]["club"] = "Klub\tBrno"


def break_emoji_in_team_name(d):
    d["teams"][0]["name"] = "Družstvo \U0001f600"
    for lot in d.get("lots", []):
        lot["order"] = [
            d["teams"][0]["name"] if o == "Družstvo Vltava 1" else o for o in lot["order"]
        ]


def break_invisible_tournament_name(d):
    d["tournament"]["name"] = "Mistrovství\u200b ČR"


BROKEN.update(
    {
        "escape_in_name": (break_escape_in_name, ["player no. 5", "name", "U+001B", "control"]),
        "tab_in_club": (break_tab_in_club, ["player no. 5", "club", "U+0009", "control"]),
        "emoji_in_team": (break_emoji_in_team_name, ["U+1F600", "emoji"]),
        "invisible_in_name": (break_invisible_tournament_name, ["tournament.name", "U+200B"]),
        "nul_in_name": (break_nul_in_name, ["player no. 5", "name", "NUL"]),
        "long_club": (break_long_club, ["player no. 5", "club", "200"]),
        "leap_second": (break_leap_second, ["lot 1", "drawn_at"]),
    }
)


@pytest.fixture
def english(settings):
    """The tests read the messages in English; Czech is checked in test_czech_messages."""
    from django.utils import translation

    with translation.override("en"):
        yield


def assert_refused_with_its_place(document: dict, change, words: list[str]) -> None:
    """The changed document is refused as a new tournament and as a replacement, the message
    has every word, and nothing is stored."""
    import_tournament(json.loads(json.dumps(document)), slug="kept")
    before = database_snapshot()
    change(document)
    for slug, replace in (("new", False), ("kept", True)):
        with pytest.raises(DocumentRejected) as rejected:
            import_tournament(document, slug=slug, replace=replace)
        message = str(rejected.value)
        for word in words:
            assert word.lower() in message.lower(), (word, message)
        assert database_snapshot() == before


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_is_refused_with_its_place(name, example_document, english):
    assert_refused_with_its_place(example_document, *BROKEN[name])


def test_every_error_is_reported_not_just_the_first(example_document, english):
    break_two_closers(example_document)
    break_duplicate_start_number(example_document)
    break_team_member_missing(example_document)
    with pytest.raises(DocumentRejected) as rejected:
        import_tournament(example_document, slug="x")
    assert len(rejected.value.problems) >= 4


def test_the_command_refuses_without_a_traceback(example_document, tmp_path):
    break_two_closers(example_document)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(example_document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "manage.py", "import_tournament", str(path), "--slug", "broken"],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env={"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert (
        "Kvalifikace, partie 1, stůl 1, kolo 6, hráč č. 13: kolo zavřelo víc hráčů" in done.stderr
    )


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", ["JSON", "line 1"]),
        ("[]", ["must be an object"]),
        ("", ["JSON"]),
        ("[" * 1000, ["nested deeper than 40 levels"]),
        ('{"tournament": {"name": "\\udcff"}}', ["tournament.name", "lone surrogate"]),
    ],
)
def test_files_that_are_not_tournaments(content, words, tmp_path, english):
    path = tmp_path / "file.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError) as error:
        call_command("import_tournament", str(path), "--slug", "x")
    for word in words:
        assert word in str(error.value)


def test_a_missing_file_and_a_bad_slug(tmp_path, english):
    with pytest.raises(CommandError, match="does not exist"):
        call_command("import_tournament", str(tmp_path / "none.json"), "--slug", "x")
    path = Path(tmp_path / "file.json")
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(CommandError, match="--slug"):
        call_command("import_tournament", str(path), "--slug", "a b")


def test_an_existing_slug_needs_replace(example_document, english):
    import_tournament(json.loads(json.dumps(example_document)), slug="x")
    with pytest.raises(DocumentRejected, match="--replace"):
        import_tournament(example_document, slug="x")
    example_document["tournament"]["name"] = "Nový"
    tournament, _ = import_tournament(example_document, slug="x", replace=True)
    assert tournament.name == "Nový"


def test_a_quota_above_ten_in_total_is_a_warning(example_document, english):
    example_document["tournament"]["settings"] = {"quota": {"B1": 6, "VS": 6}}
    tournament, warnings = import_tournament(example_document, slug="x")
    assert tournament.quota_override() == {"B1": 6, "VS": 6}
    assert ["12 finalists" in str(w) for w in warnings] == [True]


@pytest.mark.django_db
def test_a_staff_page_s_address_is_refused_as_a_short_name(example_document):
    from tournament.models import STAFF_ADDRESSES

    for slug in STAFF_ADDRESSES:
        with pytest.raises(DocumentRejected) as rejected:
            import_tournament(example_document, slug=slug)
        assert slug in str(rejected.value)
