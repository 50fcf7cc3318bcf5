"""Every row lock runs inside a transaction (issue 31): on PostgreSQL a ``select_for_update``
outside one is refused, and saving a tournament's settings answered 500 there while every test
passed inside its per-test transaction.

The functions in which a transaction around a row lock begins are read from the project's
source (``tests.row_locks.where_rows_lock``); each has a scenario here that runs it outside a
per-test transaction (``transaction=True``), where PostgreSQL, and in the tests SQLite too
(``tests.row_locks.install``), refuse a lock taken outside ``transaction.atomic``. A new
function that locks rows fails ``test_every_function_that_locks_rows_has_a_scenario`` until
it gets one. ``.ci/run`` runs this on PostgreSQL.
"""

import importlib
import inspect
import json
from datetime import date

import pytest
from django.db import connection
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from accounts import services as account_services
from accounts.roles import ORGANISER, REFEREE, create_account
from draws import services as draws
from interchange.demo import DEMO_FILE
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from scoring import ceremony, clocks, early_end, finals, links, lots, sanctions
from scoring.selectors import tournament_data
from scoring.sheets import save_sheet
from scoring.standings import final_fields
from season import local_qualifiers as season_local_qualifiers
from season import merges, rating
from sync import services as sync_services
from tests.authors import author
from tests.conftest import good_lines
from tests.row_locks import locks_taken, where_rows_lock
from tests.source_code import sources
from tournament import local_qualifiers
from tournament import services as tournament_services
from tournament.models import Game, Person, Player, Tournament


def document(*, drop=("stages", "lots"), slug_year: int | None = None) -> dict:
    """The demo championship's document without ``drop`` (keys of the document, or stages as
    ``stages.<kind>``)."""
    found = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    for key in drop:
        if key.startswith("stages."):
            del found["stages"][key.removeprefix("stages.")]
        else:
            del found[key]
    return found


def registered(slug: str = "mcr") -> Tournament:
    """The demo's players and teams, nothing drawn."""
    return import_tournament(document(), slug=slug)[0]


def played(slug: str = "mcr") -> Tournament:
    return import_tournament(document(drop=()), slug=slug)[0]


def after_qualifier() -> Tournament:
    """The qualifier played, its tie at the cut decided by the demo's lot, no final drawn."""
    after = document(drop=("stages.final_a", "stages.final_b"))
    return import_tournament(after, slug="mcr")[0]


def draft(tournament: Tournament) -> Game:
    return draws.draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1
    )


def confirmed_game() -> Game:
    game = draft(registered())
    return draws.confirm_draw(game=game, by=author("J"))


def organisers() -> tuple:
    return tuple(
        create_account(username=name, role=ORGANISER, password="heslo-organizatora")
        for name in ("jana", "petr")
    )


def two_seated_at_different_tables(game: Game) -> tuple[int, int]:
    first, second = (
        game.tables.get(number=n).seats.select_related("player").first().player.start_number
        for n in (1, 2)
    )
    return first, second


# --- one scenario per function in which a transaction around a row lock begins --------------


def set_active():
    jana, petr = organisers()
    account_services.set_active(user=petr, active=False, by=jana)


def set_role():
    jana, petr = organisers()
    account_services.set_role(user=petr, role=REFEREE, by=jana)


def draw_game():
    tournament = registered()
    published = draws.publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=1, by=author("J")
    )
    game = draws.draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), commitment=published
    )
    draws.redraw_game(game=game, by=author("J"), seed=2)  # the game's own row locked


def confirm_draw():
    draws.confirm_draw(game=draft(registered()), by=author("J"))


def set_rounds():
    draws.set_rounds(game=draft(registered()), by=author("J"), rounds=[5, 2, 7])


def swap_players():
    game = draft(registered())
    first, second = two_seated_at_different_tables(game)
    draws.swap_players(game=game, first=first, second=second, by=author("J"))


def show_next():
    ceremony.show_next(tournament=played(), by=author("J"))


def show_previous():
    tournament = played()
    ceremony.show_next(tournament=tournament, by=author("J"))
    ceremony.show_previous(tournament=tournament, by=author("J"))


def start_over():
    ceremony.start_over(tournament=played(), by=author("J"))


def order_clock():
    table = confirmed_game().tables.first()
    clocks.order_clock(table=table, seconds_per_move=90, by=author("R"))


def switch_off_clock():
    table = confirmed_game().tables.first()
    clocks.order_clock(table=table, seconds_per_move=90, by=author("R"))
    clocks.switch_off_clock(table=table, by=author("R"))


def final_in_time_trouble() -> Game:
    """The demo with the A-final's game 2 stopped after round 3 at every table."""
    found = document(drop=())
    for table in found["stages"]["final_a"]["games"][1]["tables"]:
        table["rounds"] = table["rounds"][:3]
    tournament = import_tournament(found, slug="mcr")[0]
    return Game.objects.get(stage__tournament=tournament, stage__kind="final_a", number=2)


def end_game_early():
    early_end.end_game_early(game=final_in_time_trouble(), by=author("R"), reason="časová tíseň")


def undo_early_end():
    game = final_in_time_trouble()
    early_end.end_game_early(game=game, by=author("R"), reason="časová tíseň")
    early_end.undo_early_end(game=game, by=author("R"))


def record_replacement():
    tournament = after_qualifier()
    fields = final_fields(tournament_data(tournament))
    category = {p.start_number: p.category for p in tournament.players.all()}
    withdrawn = min(fields.a_final)
    replacement = min(n for n in fields.b_final if category[n] == category[withdrawn])
    finals.record_replacement(
        tournament=tournament,
        withdrawn=withdrawn,
        replacement=replacement,
        reason="odstoupil",
        by=author("J"),
    )


def revoke_table_link():
    game = confirmed_game()
    links.issue_table_links(game=game, by=author("J"))
    links.revoke_table_link(table=game.tables.first(), by=author("J"))


def local_qualifier() -> Tournament:
    """A local qualifier of the demo's players (each with a person), nothing drawn."""
    tournament = registered("brno")
    Tournament.objects.filter(pk=tournament.pk).update(kind="local_qualifier", qualifier_games=1)
    Player.objects.filter(tournament=tournament).update(local_qualifier=False)
    tournament.refresh_from_db()
    return tournament


def mark_qualified():
    tournament = local_qualifier()
    local_qualifiers.announce(
        tournament=tournament, championship_year=2027, places=3, per_category=True, by=None
    )
    game = draws.draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1, confirm=True
    )
    for table in game.tables.all():
        for position, round_ in enumerate(game.rounds.all()):
            lines = good_lines(table, closer=position % table.seats.count())
            save_sheet(table=table, round=round_, lines=lines, by=author("R"), version=0)
    season_local_qualifiers.mark_qualified(tournament=tournament, by=author("J"))


def draw_lot():
    tournament = after_qualifier_with_the_tie_open()
    tie = document(drop=())["lots"][0]
    published = lots.publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="VS",
        places=(6, 7),
        tied=tie["order"],
        by=author("R"),
    )
    lots.draw_lot(
        tournament=tournament,
        scope="qualifier",
        tied=tie["order"],
        by=author("R"),
        commitment=published,
    )


def after_qualifier_with_the_tie_open() -> Tournament:
    return import_tournament(
        document(drop=("stages.final_a", "stages.final_b", "lots")), slug="mcr"
    )[0]


def bring_the_rating_up_to_date():
    played()
    rating.refresh()


def recompute():
    played()
    rating.recompute()


def record_sanction():
    game = confirmed_game()
    player = game.tables.first().seats.first().player
    sanctions.record_sanction(
        player=player, scope="game", game=game, reason="zvonící telefon", by=author("R")
    )


def receive_tournament():
    sync_services.receive_tournament(slug="mcr", kind="championship", year=2026)


def accept_push():
    venue = registered("venue")
    sync_services.receive_tournament(slug="mcr", kind=venue.kind, year=venue.year)
    sync_services.accept_push(slug="mcr", revision=1, document=export_tournament(venue))
    sync_services.accept_push(  # and once more over the tournament it stored
        slug="mcr", revision=2, document=export_tournament(Tournament.objects.get(slug="venue"))
    )


def record_refusal():
    sync_services.record_refusal(slug="mcr", reason="neplatný dokument")


def claim_revision():
    sync_services.claim_revision(slug="mcr", server="https://mcr.example.cz", marker="1")


def record_answer():
    sync_services.record_answer(
        slug="mcr",
        revision=1,
        marker="1",
        status=200,
        answer="přijato",
        accepted=True,
        at=timezone.now(),
    )


def publish():
    draws.publish_draw_commitment(
        tournament=registered(), kind="qualifier", number=1, by=author("J")
    )


def announce():
    local_qualifiers.announce(
        tournament=local_qualifier(), championship_year=2027, places=3, per_category=True, by=None
    )


def tick_by_hand():
    player = registered().players.first()
    local_qualifiers.tick_by_hand(player=player, qualified=True, reason="Brno 2026, 2. místo")


def two_persons_of_one_name() -> tuple[Person, Person]:
    return (
        Person.objects.create(name="Jan Novák", birth_date=date(1970, 5, 5)),
        Person.objects.create(name="Jan Novák", birth_date=date(1971, 6, 6)),
    )


def keep_apart():
    merges.keep_apart(group=two_persons_of_one_name())


def merge_persons():
    keep, merged = two_persons_of_one_name()
    merges.merge_persons(keep=keep, merged=merged)


def update_player():
    player = registered().players.first()
    tournament_services.update_player(player=player, values={"club": "SK Praha"})


def update_tournament():
    tournament_services.update_tournament(
        tournament=registered(), values={"venue": "Brno, hotel Voroněž"}
    )


SCENARIOS = {
    "accounts.services.set_active": set_active,
    "accounts.services.set_role": set_role,
    "draws.services.confirm_draw": confirm_draw,
    "draws.services.draw_game": draw_game,
    "draws.services.set_rounds": set_rounds,
    "draws.services.swap_players": swap_players,
    "scoring.ceremony.show_next": show_next,
    "scoring.ceremony.show_previous": show_previous,
    "scoring.ceremony.start_over": start_over,
    "scoring.clocks.order_clock": order_clock,
    "scoring.clocks.switch_off_clock": switch_off_clock,
    "scoring.early_end.end_game_early": end_game_early,
    "scoring.early_end.undo_early_end": undo_early_end,
    "scoring.finals.record_replacement": record_replacement,
    "scoring.links.revoke_table_link": revoke_table_link,
    "season.local_qualifiers.mark_qualified": mark_qualified,
    "scoring.lots.draw_lot": draw_lot,
    "season.rating._bring_up_to_date": bring_the_rating_up_to_date,
    "season.rating.recompute": recompute,
    "scoring.sanctions.record_sanction": record_sanction,
    "sync.services.accept_push": accept_push,
    "sync.services.claim_revision": claim_revision,
    "sync.services.record_answer": record_answer,
    "sync.services.receive_tournament": receive_tournament,
    "sync.services.record_refusal": record_refusal,
    "tournament.commitments.publish": publish,
    "tournament.local_qualifiers.announce": announce,
    "tournament.local_qualifiers.tick_by_hand": tick_by_hand,
    "season.merges.keep_apart": keep_apart,
    "season.merges.merge_persons": merge_persons,
    "tournament.services.update_player": update_player,
    "tournament.services.update_tournament": update_tournament,
}


def test_every_function_that_locks_rows_has_a_scenario():
    """Built from the source: a new function that locks rows (or a lock that no transaction
    surrounds) is listed here until it has a scenario below, and a scenario of a function
    that no longer locks goes."""
    found = where_rows_lock(sources())
    assert {name: why for name, why in found.items() if name not in SCENARIOS} == {}
    assert sorted(set(SCENARIOS) - set(found)) == []


def code_of(name: str):
    """The code object of the function ``module.qualname`` (its decorators unwrapped)."""
    module_name, _, qualname = name.rpartition(".")
    while module_name:
        try:
            target = importlib.import_module(module_name)
            break
        except ModuleNotFoundError:
            module_name, _, owner = module_name.rpartition(".")
            qualname = f"{owner}.{qualname}"
    for part in qualname.split("."):
        target = getattr(target, part)
    return inspect.unwrap(target).__code__


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_rows_are_locked_inside_a_transaction(name):
    """The service runs as a request or a command runs it, with no transaction around it: a
    lock outside ``transaction.atomic`` is refused (on PostgreSQL by the database)."""
    assert connection.get_autocommit()  # no per-test transaction around the scenario
    with locks_taken() as taken:
        SCENARIOS[name]()
    code = code_of(name)
    assert any(code in stack for stack in taken), f"{name} locked no row in its scenario"


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_on_every_database():
    """SQLite takes no row lock and Django lets it pass there; the tests refuse it everywhere,
    as PostgreSQL does, so that a missing ``transaction.atomic`` fails on SQLite as well."""
    tournament = registered()
    with pytest.raises(TransactionManagementError):
        Tournament.objects.select_for_update().get(pk=tournament.pk)


SOURCE_WITH_A_HOLE = {
    "app/services.py": """
from django.db import transaction
from app.models import Game, Player


def _locked(game):
    return Game.objects.select_for_update().get(pk=game.pk)


@transaction.atomic
def confirm(game):
    return _locked(game)


def rename(game, name):
    game = _locked(game)
    game.name = name
    game.save()


def count(player):
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
""",
    "app/views.py": """
from app import services


class Rename:
    def post(self, request):
        services.rename(self.game, request.POST["name"])
""",
}


def test_a_lock_that_no_transaction_surrounds_is_listed_with_its_callers():
    """The list is read from the source: ``rename`` locks through a helper and opens no
    transaction, so the view that calls it is where nothing does; ``confirm`` and ``count``
    open theirs."""
    assert where_rows_lock(SOURCE_WITH_A_HOLE) == {
        "app.services.confirm": "locks rows in its transaction (transaction.atomic)",
        "app.services.count": "locks rows in a with transaction.atomic() block",
        "app.views.Rename.post": "locks rows outside any transaction, and no function calls it",
    }
