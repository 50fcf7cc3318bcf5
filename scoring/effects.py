"""What a sanction or the correction of a confirmed sheet would change, in words, before it
is recorded: the referee confirms knowing who stops advancing, who moves up, which place,
medal or team place moves.

Computed from plain data: the tournament as it is, and the same with the sanction added (or
the sheet's lines replaced and the sheet unconfirmed).
"""

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.categories import ALL
from rules.podium import podium
from rules.progress import StageProgress
from rules.sanctions import TOURNAMENT, Sanction
from rules.score import RoundEntry
from rules.stages import FINALS, QUALIFIER
from tournament.labels import stage_label

from .messages import sanction_words
from .standings import (
    Result,
    StageData,
    TournamentData,
    qualifier_advancement,
    stage_performances,
    stage_standings,
    teams,
)


def with_sanction(data: TournamentData, sanction: Sanction) -> TournamentData:
    return dataclasses.replace(data, sanctions=[*data.sanctions, sanction])


@dataclass(frozen=True)
class _Who:
    """A player named in the effects, in the words of the player's grammatical gender."""

    names: Mapping[int, str]
    women: Collection[int] = ()

    def __call__(self, number: int) -> str:
        text = (
            pgettext("feminine", "player no. %(number)s (%(name)s)")
            if number in self.women
            else _("player no. %(number)s (%(name)s)")
        )
        return text % {"number": number, "name": self.names.get(number)}

    def list(self, numbers) -> str:
        return ", ".join(self(n) for n in sorted(numbers))


def _provisional(data: TournamentData, kind: str, text: str) -> str:
    if data.stage_over(kind):
        return text
    return _("In the provisional standings: %(text)s") % {"text": text}


def sanction_effects(
    data: TournamentData,
    sanction: Sanction,
    names: Mapping[int, str],
    feminine: bool = False,
    women: Collection[int] = (),
) -> list[str]:
    """Every consequence of ``sanction`` for ``data``, in words, most personal first;
    ``women``: the start numbers named in the feminine."""
    after = with_sanction(data, sanction)
    who = _Who(names, women)
    player = sanction.player
    effects = []
    before_row = stage_performances(data, sanction.stage).get(player)
    after_row = stage_performances(after, sanction.stage).get(player)
    words = sanction_words(
        scope=sanction.scope,
        stage=sanction.stage,
        game=sanction.game,
        feminine=feminine,
        with_stage=not data.single_stage,  # one stage: "game 2" says where
    )
    if sanction.scope == TOURNAMENT:
        effects.append(
            (
                pgettext(
                    "feminine",
                    "%(who)s: %(words)s. From the %(stage)s on the player is in no standing (the "
                    "others close up), advances nowhere, wins nothing, counts for no team and is "
                    "drawn to no later table.",
                )
                if feminine
                else _(
                    "%(who)s: %(words)s. From the %(stage)s on the player is in no standing (the "
                    "others close up), advances nowhere, wins nothing, counts for no team and is "
                    "drawn to no later table."
                )
            )
            % {
                "who": who(player),
                "words": words,
                "stage": stage_label(sanction.stage, single=data.single_stage),
            }
        )
    elif before_row is not None and after_row is not None:
        effects.append(
            _(
                "%(who)s: %(words)s. The game's rounds score 0 and count no close; in the "
                "%(stage)s: points −%(points)s, closes −%(closes)s."
            )
            % {
                "who": who(player),
                "words": words,
                "points": before_row.points - after_row.points,
                "closes": before_row.closes - after_row.closes,
                "stage": stage_label(sanction.stage, single=data.single_stage),
            }
        )
    effects += _advancement_changes(data, after, who)
    for kind in FINALS:
        effects += _podium_changes(data, after, kind, who)
    effects += _team_changes(data, after)
    if len(effects) == 1:
        effects.append(_("No advancement, medal or team place changes."))
    return effects


def _advancement_changes(before: TournamentData, after: TournamentData, who: _Who) -> list[str]:
    stage = before.stages.get(QUALIFIER)
    if stage is None or not stage.results:
        return []
    changes = []
    was, now = qualifier_advancement(before), qualifier_advancement(after)
    for category in was:
        lost = set(was[category].advancing) - set(now[category].advancing)
        gained = set(now[category].advancing) - set(was[category].advancing)
        tied_before = {k for tie in was[category].unresolved for k in tie.keys}
        tied_after = {k for tie in now[category].unresolved for k in tie.keys}
        if lost:
            changes.append(
                _provisional(
                    before,
                    QUALIFIER,
                    _("%(players)s stops advancing to the A-final (%(category)s)")
                    % {"players": who.list(lost), "category": category},
                )
            )
        if gained:
            changes.append(
                _provisional(
                    before,
                    QUALIFIER,
                    _("%(players)s advances to the A-final instead (%(category)s)")
                    % {"players": who.list(gained), "category": category},
                )
            )
        if tied_after - tied_before:
            changes.append(
                _provisional(
                    before,
                    QUALIFIER,
                    _("a tie at the cut needs a lot: %(players)s (%(category)s)")
                    % {"players": who.list(tied_after), "category": category},
                )
            )
    return changes


def _podium_changes(
    before: TournamentData, after: TournamentData, kind: str, who: _Who
) -> list[str]:
    stage = before.stages.get(kind)
    if stage is None or not stage.results:
        return []
    changes = []
    was, now = stage_standings(before, kind), stage_standings(after, kind)
    for category in was:
        places_before = {r.key: r.rank for r in podium(was[category]).places}
        places_after = {r.key: r.rank for r in podium(now[category]).places}
        if places_before == places_after:
            continue
        label = stage_label(kind, single=before.single_stage)
        where = label if category == ALL else f"{label}, {category}"
        for key in sorted(set(places_before) | set(places_after)):
            old, new = places_before.get(key), places_after.get(key)
            if old == new:
                continue
            if new is None:
                text = _("%(who)s loses place %(old)s (%(where)s)")
            elif old is None:
                text = _("%(who)s moves up to place %(new)s (%(where)s)")
            else:
                text = _("%(who)s: place %(old)s becomes %(new)s (%(where)s)")
            changes.append(
                _provisional(
                    before,
                    kind,
                    text % {"who": who(key), "old": old, "new": new, "where": where},
                )
            )
    return changes


def _team_changes(before: TournamentData, after: TournamentData) -> list[str]:
    if not before.teams:
        return []
    was = {row.team: row for row in teams(before)}
    changes = []
    for row in teams(after):
        old = was.get(row.team)
        if old is None or (old.rank, old.points, old.counted) == (
            row.rank,
            row.points,
            row.counted,
        ):
            continue
        if old.rank != row.rank:
            text = _(
                "team %(team)s: place %(old)s becomes %(new)s, %(old_points)s points become "
                "%(new_points)s (counted: %(counted)s)"
            )
        elif old.points != row.points:  # the place stays: not said as if it changed
            text = _(
                "team %(team)s keeps place %(new)s, %(old_points)s points become "
                "%(new_points)s (counted: %(counted)s)"
            )
        else:
            text = _(
                "team %(team)s keeps place %(new)s and %(new_points)s points; counted now: "
                "%(counted)s"
            )
        changes.append(
            text
            % {
                "team": row.team,
                "old": old.rank,
                "new": row.rank,
                "old_points": old.points,
                "new_points": row.points,
                "counted": ", ".join(map(str, row.counted)),
            }
        )
    return changes


# Correcting a confirmed sheet ------------------------------------------------------------------


def with_sheet_changed(
    data: TournamentData,
    kind: str,
    game: int,
    lines: Mapping[int, tuple[RoundEntry, RoundEntry]],
    unconfirmed: bool,
) -> TournamentData:
    """``data`` with one sheet's lines replaced (start number -> (stored, new) entry) and,
    where the stage needs a confirmation, the sheet waiting for one again."""
    results = list(data.stages.get(kind, StageData()).results)
    for player, (old, new) in lines.items():
        stored = Result(player, old, game)
        if stored in results:
            results[results.index(stored)] = Result(player, new, game)
        else:
            results.append(Result(player, new, game))
    stage = data.stages.get(kind, StageData())
    stages = {**data.stages, kind: StageData(set(stage.participants), results)}
    progress = dict(data.progress)
    if unconfirmed and kind in progress:
        was = progress[kind]
        progress[kind] = StageProgress(
            was.kind,
            tuple(
                dataclasses.replace(state, unconfirmed=state.unconfirmed + 1)
                if state.number == game
                else state
                for state in was.games
            ),
            was.planned,
            was.later_stage_drawn,
        )
    return dataclasses.replace(data, stages=stages, progress=progress)


def _place_changes(
    before: TournamentData, after: TournamentData, kind: str, who: _Who
) -> list[str]:
    was, now = stage_standings(before, kind), stage_standings(after, kind)
    changes = []
    for category in was:
        old = {r.key: r.rank for r in was[category]}
        new = {r.key: r.rank for r in now.get(category, [])}
        label = stage_label(kind, single=before.single_stage)
        where = label if category == ALL else f"{label}, {category}"
        for key in sorted(set(old) & set(new)):
            if old[key] != new[key]:
                changes.append(
                    _provisional(
                        before,
                        kind,
                        _("%(who)s: place %(old)s becomes %(new)s (%(where)s)")
                        % {
                            "who": who(key),
                            "old": old[key],
                            "new": new[key],
                            "where": where,
                        },
                    )
                )
    return changes


def correction_effects(
    data: TournamentData,
    kind: str,
    game: int,
    lines: Mapping[int, tuple[RoundEntry, RoundEntry]],
    names: Mapping[int, str],
    requires_confirmation: bool,
    women: Collection[int] = (),
) -> list[str]:
    """Every consequence of changing a confirmed sheet of game ``game`` of stage ``kind``
    (``lines``: start number -> (stored, new) entry), in words: the sheet becomes unconfirmed,
    points, places, advancement, medals and team places that change; ``women``: the start
    numbers named in the feminine."""
    who = _Who(names, women)
    after = with_sheet_changed(data, kind, game, lines, requires_confirmation)
    effects = []
    if requires_confirmation:
        effects.append(
            _(
                "The sheet becomes unconfirmed: it counts as final again once another referee "
                "confirms it."
            )
        )
        if data.stage_over(kind) and not after.stage_over(kind):
            effects.append(
                _(
                    "Until then the %(stage)s is not over: its standings are provisional, and "
                    "its advancement, titles and medals are not announced."
                )
                % {"stage": stage_label(kind, single=data.single_stage)}
            )
    else:
        effects.append(_("The stage needs no confirmation: the corrected sheet counts at once."))
    before_rows, after_rows = stage_performances(data, kind), stage_performances(after, kind)
    changed = []
    for player in sorted(lines):
        old, new = before_rows.get(player), after_rows.get(player)
        if old is not None and new is not None and old.points != new.points:
            changed.append(
                _("%(who)s: %(old)s points become %(new)s in the %(stage)s")
                % {
                    "who": who(player),
                    "old": old.points,
                    "new": new.points,
                    "stage": stage_label(kind, single=data.single_stage),
                }
            )
    changed += _place_changes(data, after, kind, who)
    changed += _advancement_changes(data, after, who)
    for final in FINALS:
        changed += _podium_changes(data, after, final, who)
    changed += _team_changes(data, after)
    changed = list(dict.fromkeys(changed))  # a podium place is a place too: said once
    if not changed:
        changed.append(_("No points, place, advancement, medal or team place change."))
    return effects + changed
