"""The desk's warning of an unusual laid value (issue: it fired on 7 of 11 sheets early in the
day): how often it fires when a championship's sheets are entered one by one, on the demo and
on simulated championships. It should be rare: one sheet in a hundred or fewer.

The rule before (a round score above twice the player's average after 3 rounds) fired on about
70 % of the sheets of the same championships: a closer lays every card and gets the bonus."""

import json

from django.contrib.auth.models import User

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import FAR_ABOVE_AVERAGE, UNUSUAL_AFTER_ROUNDS, UNUSUAL_FACTOR
from sample.replay import replay_warnings
from sample.simulate import full_championship

SIMULATED = [(22, 1), (22, 2), (34, 3), (60, 4), (120, 5)]  # (players, seed)


def run() -> None:
    referee = User.objects.create_user("bench-unusual")
    documents = [("demo", json.loads(DEMO_FILE.read_text(encoding="utf-8")))]
    documents += [
        (f"simulated, {size} players, seed {seed}", full_championship(size, seed=seed))
        for size, seed in SIMULATED
    ]
    print(
        f"laid above {UNUSUAL_FACTOR}x the usual per card dealt, after "
        f"{UNUSUAL_AFTER_ROUNDS} rounds of the player:"
    )
    sheets = warned = 0
    for index, (name, document) in enumerate(documents):
        tournament, _ = import_tournament(document, slug=f"bench-unusual-{index}")
        replay = replay_warnings(tournament, by=referee)
        sheets += replay.sheets
        warned += replay.warned[FAR_ABOVE_AVERAGE]
        print(
            f"  {name}: {replay.warned[FAR_ABOVE_AVERAGE]} of {replay.sheets} sheets "
            f"({replay.rate(FAR_ABOVE_AVERAGE):.1%}); in the qualifier's first game "
            f"{replay.first_game_warned[FAR_ABOVE_AVERAGE]} of {replay.first_game_sheets}"
        )
    print(f"  all: {warned} of {sheets} sheets ({warned / sheets:.1%})")
