"""The printouts as plain lines of text: the source of the Braille files and the ``txt``
format. A line says everything a blind reader needs without a table's columns, since a
Braille line has 40 cells: "3. Jana Nováková (12), 145 bodů, 2 zavření, nejlepší kolo 38".
"""

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from ui.labels import sight_label

from .documents import (
    CeremonyHandout,
    PlayerCards,
    Results,
    Seating,
    StageStandings,
    card_game_total,
    card_player_line,
    card_round_note,
    card_sanction_lines,
    card_stage_lines,
    card_title,
    expelled_line,
    lot_record_text,
    lot_words,
    quota_line,
    round_label,
    row_note,
)


def _heading(title: str, tournament: str) -> list[str]:
    return [tournament, title, ""]


def _scrabble_line(row) -> str:
    """A Scrabble standings row: wins (a draw half), the spread, the sum of scores."""
    wins = row.half_wins / 2
    line = ngettext(
        "%(rank)s. %(name)s (%(number)s), %(wins)s win",
        "%(rank)s. %(name)s (%(number)s), %(wins)s wins",
        int(wins) if wins == int(wins) else 2,  # a fraction: "2,5 výhry" in Czech
    ) % {"rank": row.rank, "name": row.player.name, "number": row.player.number, "wins": row.wins}
    line += ", " + _("spread %(spread)s, sum of scores %(points)s") % {
        "spread": row.spread,
        "points": row.points,
    }
    if row.byes:
        line += ", " + ngettext("%(count)s bye", "%(count)s byes", row.byes) % {"count": row.byes}
    if row.shared:
        line += ", " + _("shared rank")
    note = row_note(row)
    return f"{line}, {note}" if note else line


def _row_line(row) -> str:
    if getattr(row, "half_wins", None) is not None:  # Scrabble: wins, spread, scores
        return _scrabble_line(row)
    line = ngettext(
        "%(rank)s. %(name)s (%(number)s), %(points)s point",
        "%(rank)s. %(name)s (%(number)s), %(points)s points",
        row.points,
    ) % {
        "rank": row.rank,
        "name": row.player.name,
        "number": row.player.number,
        "points": row.points,
    }
    if getattr(row, "games_won", None) is not None:  # Slovní poker: games and deals won
        line += ", " + ngettext("%(count)s game won", "%(count)s games won", row.games_won) % {
            "count": row.games_won
        }
        line += ", " + ngettext("%(count)s deal won", "%(count)s deals won", row.deals_won) % {
            "count": row.deals_won
        }
        line += ", " + _("best deal %(points)s") % {"points": row.best_round}
    else:
        line += ", " + ngettext("%(count)s close", "%(count)s closes", row.closes) % {
            "count": row.closes
        }
        line += ", " + _("best round %(points)s") % {"points": row.best_round}
    if row.shared:
        line += ", " + _("shared rank")
    note = row_note(row)
    return f"{line}, {note}" if note else line


def standings_lines(stage: StageStandings) -> list[str]:
    lines = _heading(_("Standings: %(stage)s") % {"stage": stage.stage}, stage.heading.tournament)
    if stage.in_progress:
        lines += [
            _("Provisional: the stage is still being played (%(state)s).")
            % {"state": stage.progress_note},
            "",
        ]
    for name, standing in stage.categories:
        lines.append(_("Category %(name)s") % {"name": name})
        if standing.title and standing.champion:
            lines.append(f"{standing.title}: {standing.champion.name}")
        if standing.quota is not None:
            lines.append(quota_line(stage, standing.quota))
        for row in standing.rows:
            if row.first_out:
                lines.append(_("--- the advancement cut ---"))
            lines.append(_row_line(row))
        if standing.expelled:
            lines.append(_("Not ranked:"))
            lines += [expelled_line(row) for row in standing.expelled]
        lines.append("")
    if stage.lot_record:
        lines += [lot_record_text(stage.lot_record), ""]
    return lines


def results_lines(summary: Results) -> list[str]:
    lines = _heading(_("Results"), summary.heading.tournament)
    for stage in summary.finals:
        if stage.in_progress:
            lines.append(
                _("%(stage)s: not over yet (%(state)s); no place is decided.")
                % {"stage": stage.stage, "state": stage.progress_note}
            )
            lines.append("")
            continue
        for name, standing in stage.categories:
            label = stage.stage if len(stage.categories) == 1 else f"{stage.stage}, {name}"
            lines.append(label)
            if standing.title and standing.champion:
                lines.append(f"{standing.title}: {standing.champion.name}")
            lines += [_row_line(row) for row in standing.rows if row.medal is not None]
            if standing.undecided_podium:
                lines.append(_("A tie on the podium waits for the referee's lot."))
            lines.append("")
    if summary.expelled:
        lines.append(_("Expelled from the tournament:"))
        lines += [expelled_line(row) for row in summary.expelled]
        lines.append("")
    if summary.teams:
        lines.append(_("Teams") if summary.teams_over else _("Teams (provisional order)"))
        for team in summary.teams:
            lot = f" ({lot_words()})" if team.by_lot else ""
            lines.append(
                ngettext(
                    "%(rank)s. %(team)s, %(points)s point: %(players)s",
                    "%(rank)s. %(team)s, %(points)s points: %(players)s",
                    team.points,
                )
                % {
                    "rank": team.rank,
                    "team": team.team,
                    "points": team.points,
                    "players": ", ".join(player.name for player in team.counted),
                }
                + lot
            )
    if summary.lot_records:
        lines.append("")
        lines += [lot_record_text(url) for url in summary.lot_records]
    return lines


def seating_lines(plan: Seating) -> list[str]:
    where = _("%(stage)s, game %(game)s") % {"stage": plan.stage, "game": plan.game}
    lines = _heading(_("Seating: %(where)s") % {"where": where}, plan.heading.tournament)
    lines.append(_("By name"))
    for row in plan.by_name():
        lines.append(
            _("%(name)s (%(number)s): table %(table)s, seat %(seat)s")
            % {
                "name": row.player.name,
                "number": row.player.number,
                "table": row.table,
                "seat": row.seat,
            }
        )
    lines.append("")
    for table, rows in plan.tables().items():
        lines.append(_("Table %(number)s, seats clockwise") % {"number": table})
        for row in rows:
            line = _("seat %(seat)s: %(name)s (%(number)s), %(sight)s") % {
                "seat": row.seat,
                "name": row.player.name,
                "number": row.player.number,
                "sight": sight_label(row.player.sight_class),
            }
            if row.starts:
                line += ", " + _("starts the game's first round")
            lines.append(line)
        lines.append("")
    return lines


def ceremony_lines(handout: CeremonyHandout) -> list[str]:
    """The ceremony in order, one place a paragraph: "1. Finále A, B1, nevidomí: 3. místo
    získala …, 145 bodů."."""
    lines = _heading(_("The ceremony: the order of the announcement"), handout.heading.tournament)
    if handout.note:
        lines += [handout.note, ""]
    for step, reveal in enumerate(handout.reveals, start=1):
        lines += [f"{step}. {reveal.sentence}", ""]
    return lines


def card_lines(cards: PlayerCards) -> list[str]:
    """Each card: who, the sanctions, every round in a line ("kolo 5 (8 karet), stůl 3:
    vyloženo 20, nevyužito 4, zavřel, 21 bodů"), each game's and stage's total, the place."""
    lines = []
    for card in cards.cards:
        lines += _heading(card_title(card), cards.heading.tournament)
        lines.append(card_player_line(card))
        if card.sanctions:
            lines.append(_("Sanctions:"))
            lines += card_sanction_lines(card)
        lines.append("")
        for stage in card.stages:
            lines.append(stage.name[:1].upper() + stage.name[1:])
            for game in stage.games:
                lines.append(capfirst(_("game %(number)s") % {"number": game.number}))
                for card_round in game.rounds:
                    line = ngettext(
                        "%(round)s (%(cards)s card), table %(table)s: laid %(laid)s, unused "
                        "%(unused)s",
                        "%(round)s (%(cards)s cards), table %(table)s: laid %(laid)s, unused "
                        "%(unused)s",
                        card_round.deal,
                    ) % {
                        "round": round_label(card_round),
                        "cards": card_round.deal,
                        "table": card_round.table,
                        "laid": card_round.laid,
                        "unused": card_round.unused,
                    }
                    if card_round.closed:
                        line += ", " + (
                            pgettext("feminine", "closed the round")
                            if card.player.feminine
                            else _("closed the round")
                        )
                    line += ", " + ngettext(
                        "%(points)s point", "%(points)s points", card_round.score
                    ) % {"points": card_round.score}
                    note = card_round_note(card_round, card.player.feminine)
                    lines.append(f"{line}, {note}" if note else line)
                lines.append(card_game_total(game))
            lines += card_stage_lines(stage)
            lines.append("")
    return lines
