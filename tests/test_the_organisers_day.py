"""The organiser's day through the pages, from an empty database to the ceremony (issue 31).

Every step is a page as the staff open it and a form as they send it (WebTest reads the forms
from the pages' HTML), with no transaction around the test (``transaction=True``): each
request commits as it does in production, so a service that locks rows outside a transaction
fails here on PostgreSQL, where ``.ci/run`` runs it. The accounts are made by the command, the
organiser and two referees sign in on the sign-in page; the organiser creates the
championship, saves its settings, registers twelve players and a team and draws the
qualifier; a referee enters every sheet at the desk and the other confirms them; the
standings advance three players per category; both finals are drawn, played and confirmed,
their results held, and the ceremony's last reveal releases them to the public.

The scores leave no tie anywhere (no lot is needed): at each table the highest start number
closes every round; a qualifier game of 3 rounds gives the closer an odd total and the others
an even one, and a final seats its players at one table.
"""

import re

import pytest
from django.core.management import call_command
from django_webtest import DjangoTestApp

from rules.categories import category_of
from tournament.models import Game, Player, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "mcr-2027"
NAME = "Mistrovství ČR v Syllabatimu 2027"
# (name, sight class): six blind players (B1) and six of the other category (VS)
PLAYERS = [
    ("Jana Nováková", "B1"),
    ("Petr Malý", "none"),
    ("Eva Veselá", "B2"),
    ("Karel Dvořák", "B1"),
    ("Marie Černá", "B3"),
    ("Josef Svoboda", "B1"),
    ("Lenka Horáková", "none"),
    ("Tomáš Procházka", "B1"),
    ("Alena Kučerová", "B4"),
    ("Martin Pokorný", "B1"),
    ("Zuzana Marková", "none"),
    ("Pavel Král", "B1"),
]
ADVANCING = ("postupuje",) * 3  # three A-final places per category (the settings)
MEDALS = ("zlato", "stříbro", "bronz")
CAPTIONS = {"B1": "B1, nevidomí", "VS": "VS, vidící a slabozrací", "all": "všechny kategorie"}
KIND = {"kvalifikace": "qualifier", "finale-a": "final_a", "finale-b": "final_b"}
LAID = re.compile(r"^p(\d+)-laid$")


def form_with(page, button: str):
    """The page's form that has a button saying ``button``."""
    for form in page.forms.values():
        if any(button in b.text for b in form.html.find_all(["button", "input"])):
            return form
    raise AssertionError(f"no form with the button {button!r} on {page.request.url}")


def press(page, button: str, **fields):
    """Fill ``fields`` in the form of ``button`` and press it; the answer, redirects followed."""
    form = form_with(page, button)
    for name, value in fields.items():
        form[name] = value
    submit = next(b for b in form.html.find_all(["button", "input"]) if button in (b.text or ""))
    answer = form.submit(submit.get("name"), value=submit.get("value"))
    while answer.status_int in (301, 302, 303):
        answer = answer.follow()
    return answer


def said(page) -> str:
    """The page's messages (status and alerts), as a screen reader hears them."""
    return " ".join(node.get_text(" ", strip=True) for node in page.html.select(".messages"))


def sign_in(name: str, password: str) -> DjangoTestApp:
    """A browser of its own (its own cookies), signed in on the sign-in page."""
    app = DjangoTestApp()
    page = app.get("/ucet/prihlaseni/")
    press(page, "Přihlásit", username=name, password=password)
    assert app.get("/sprava/").status_int == 200
    return app


def draw(organiser, stage: str, number: int) -> None:
    """Publish the game's commitment, draw with it, look at the draft and confirm it."""
    page = organiser.get(f"/sprava/{SLUG}/losovani/{stage}/nova/")
    page = press(page, "Zveřejnit závazek")
    assert "Závazek je zveřejněn" in said(page)
    page = press(page, "Losovat teď")
    assert f"Partie {number} je vylosována (návrh)" in said(page)
    page = press(page, "Potvrdit los")
    assert "Los je potvrzen." in said(page)


def lines(form) -> dict[str, str]:
    """A sheet's values: laid 10 + 2 × the start number; the table's highest number closes
    with nothing unused, the others keep 2 points unused."""
    numbers = sorted(int(LAID.match(name)[1]) for name in form.fields if name and LAID.match(name))
    closer = max(numbers)
    values = {}
    for number in numbers:
        values[f"p{number}-laid"] = str(10 + 2 * number)
        values[f"p{number}-unused"] = "0" if number == closer else "2"
        values[f"p{number}-closed"] = number == closer
    return values


def enter_every_sheet(referee, stage: str, number: int) -> int:
    """The referee opens the game's first sheet and saves each one in turn, as at the desk:
    saving opens the next missing sheet. How many were saved."""
    game = Game.objects.get(stage__tournament__slug=SLUG, stage__kind=KIND[stage], number=number)
    first = game.rounds.order_by("position").first().number
    page = referee.get(f"/rozhodci/{SLUG}/{stage}/partie-{number}/stul-1/kolo-{first}/")
    saved = 0
    while "sheet-form" in page.forms:
        assert saved < game.tables.count() * game.rounds.count(), "a sheet opened twice"
        page = press(
            page, "Uložit a otevřít další chybějící zápis", **lines(page.forms["sheet-form"])
        )
        saved += 1
    return saved


def confirm_every_sheet(referee, stage: str, number: int, count: int) -> None:
    """The other referee looks at the game's sheets together and confirms them as entered."""
    page = referee.get(f"/rozhodci/{SLUG}/{stage}/partie-{number}/potvrdit/")
    tables = Game.objects.get(
        stage__tournament__slug=SLUG, stage__kind=KIND[stage], number=number
    ).tables.count()
    button = f"Potvrdit všech {count} zápisů" if tables > 1 else f"Potvrdit {count} zápisů"
    page = press(page, button)
    assert f"Potvrzeno {count} zápisů." in said(page)


def expected_standings(kind: str) -> dict[str, list[tuple[int, int, str]]]:
    """What the sheets add up to, per category (one list in the B-final) in order: each row's
    start number, points and note (who advances from the qualifier, the medals of a final)."""
    points, categories = {}, {}
    for player in Player.objects.filter(tournament__slug=SLUG, seats__game__stage__kind=kind):
        number, total = player.start_number, 0
        for seat in player.seats.filter(game__stage__kind=kind).select_related("table", "game"):
            closer = max(seat.table.seats.values_list("player__start_number", flat=True))
            each = 10 + 2 * number + 5 if number == closer else 8 + 2 * number
            total += seat.game.rounds.count() * each
        points[number] = total
        categories[number] = "all" if kind == "final_b" else category_of(player.sight_class)
    notes = ADVANCING if kind == "qualifier" else MEDALS
    found = {}
    for category in sorted(set(categories.values())):
        ranked = sorted((n for n in points if categories[n] == category), key=lambda n: -points[n])
        found[category] = [
            (n, points[n], notes[place] if place < len(notes) else "")
            for place, n in enumerate(ranked)
        ]
    return found


def standings(page) -> dict[str, list[tuple[int, int, str]]]:
    """The page's standings per category: (start number, points, note) of each row."""
    found = {}
    for table in page.html.select("main table"):
        caption = table.caption.get_text(" ", strip=True)
        category = next(c for c, words in CAPTIONS.items() if words in caption)
        rows = []
        for row in table.select("tbody tr"):
            cells = [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])]
            if len(cells) == 1:  # the line of the cut
                continue
            player, points, note = cells[1], cells[3], cells[-1]
            # "startovní číslo 12. Jméno" (the words for a screen reader, issue 34, 6)
            number = int(re.match(r"(?:startovní číslo )?(\d+)\.", player).group(1))
            rows.append((number, int(points), "" if note == "–" else note))
        found[category] = rows
    return found


def test_the_organisers_day_through_the_pages():
    # the accounts, as the server's administrator makes them
    call_command("create_account", "jana", "--role", "organiser", "--password", "heslo-jany-1")
    call_command("create_account", "petr", "--role", "referee", "--password", "heslo-petra-1")
    call_command("create_account", "eva", "--role", "referee", "--password", "heslo-evy-12")
    organiser = sign_in("jana", "heslo-jany-1")
    entering, confirming = sign_in("petr", "heslo-petra-1"), sign_in("eva", "heslo-evy-12")

    # the championship: one qualifier game of three rounds
    page = organiser.get("/sprava/")
    page = page.click("Založit turnaj")
    page = press(
        page,
        "Založit turnaj",
        name=NAME,
        slug=SLUG,
        year="2027",
        start_date="2027-06-12",
        qualifier_games="1",
        qualifier_rounds_min="3",
        qualifier_rounds_max="3",
    )
    assert "je založen" in said(page)

    # its settings saved: three A-final places per category, the qualifier's sheets confirmed
    page = organiser.get(f"/sprava/{SLUG}/nastaveni/")
    page = press(
        page,
        "Uložit nastavení",
        venue="Praha, Hotel Olšanka",
        quota_b1="3",
        quota_vs="3",
        confirmation_qualifier="yes",
    )
    assert "Nastavení je uloženo" in said(page)
    tournament = Tournament.objects.get(slug=SLUG)
    assert (tournament.venue, tournament.quota_b1, tournament.quota_vs) == (
        "Praha, Hotel Olšanka",
        3,
        3,
    )

    # twelve players, one after another
    page = organiser.get(f"/sprava/{SLUG}/hraci/novy/")
    for index, (name, sight) in enumerate(PLAYERS, start=1):
        last = index == len(PLAYERS)
        page = press(
            page,
            "Přihlásit" if last else "Přihlásit a přidat dalšího",
            name=name,
            birth_date="1980-05-01",
            sight_class=sight,
            paid=True,
        )
        assert name in said(page)
    assert Player.objects.filter(tournament=tournament, paid=True, present=True).count() == 12

    # a team of three
    page = organiser.get(f"/sprava/{SLUG}/druzstva/nove/")
    page = press(page, "Založit družstvo", name="Praha", member_1="1", member_2="2", member_3="3")
    assert "Praha" in said(page)

    # the qualifier: drawn, every sheet entered by one referee and confirmed by the other
    draw(organiser, "kvalifikace", 1)
    assert enter_every_sheet(entering, "kvalifikace", 1) == 6
    confirm_every_sheet(confirming, "kvalifikace", 1, 6)

    # the standings: three players of each category advance, as their sheets add up
    expected = expected_standings("qualifier")
    page = organiser.get(f"/turnaj/{SLUG}/").click("Kvalifikace", index=0)
    assert "Fáze skončila: toto je konečné pořadí." in page.text
    assert standings(page) == expected
    advancing = {n for rows in expected.values() for n, _, note in rows if note == "postupuje"}
    assert len(advancing) == 6

    # the finals: their results held for the ceremony, both drawn, played and confirmed
    page = organiser.get(f"/sprava/{SLUG}/vyhlaseni/")
    for kind, words in (("final_a", "finále A"), ("final_b", "finále B")):
        page = press(
            page,
            f"Zadržet výsledky ({words}) do vyhlášení",
            **{f"{kind}-announcement": "17:30 ve velkém sále"},
        )
        assert f"Výsledky ({words}) jsou zadrženy do vyhlášení." in said(page)
    for stage in ("finale-a", "finale-b"):
        for number in (1, 2):
            draw(organiser, stage, number)
            assert enter_every_sheet(entering, stage, number) == 7
            confirm_every_sheet(confirming, stage, number, 7)
    in_the_a_final = Player.objects.filter(
        tournament=tournament, seats__game__stage__kind="final_a"
    )
    assert set(in_the_a_final.values_list("start_number", flat=True)) == advancing
    public = DjangoTestApp()
    for stage in ("finale-a", "finale-b"):
        page = public.get(f"/turnaj/{SLUG}/{stage}/")
        assert "Výsledky budou vyhlášeny v 17:30 ve velkém sále." in page.text
        assert not page.html.select("main table")

    # the ceremony, one place at a time: each A-final category's podium, the B-final's, the
    # best team; the last reveal releases the results
    page = organiser.get(f"/sprava/{SLUG}/vyhlaseni/prubeh/")
    revealed = 0
    while not page.forms["ceremony-next"].html.button.has_attr("disabled"):
        page = press(page, "Odhalit další místo")
        revealed += 1
    assert revealed == 3 + 3 + 3 + 1
    assert "Všechna místa jsou vyhlášena; výsledky jsou zveřejněny." in said(page)
    page = public.get(f"/turnaj/{SLUG}/finale-a/")
    final_a = expected_standings("final_a")
    assert standings(page) == final_a
    for (champion, _points, _medal), *_others in final_a.values():
        player = Player.objects.get(tournament=tournament, start_number=champion)
        title = "Mistryně" if player.feminine else "Mistr"
        assert f"{title} ČR v Syllabatimu 2027: {player.name}" in page.text
    assert standings(public.get(f"/turnaj/{SLUG}/finale-b/")) == expected_standings("final_b")
