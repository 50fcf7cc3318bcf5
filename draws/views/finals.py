"""The finals' draws (rules D, L and N: the referee draws the finals): the same pages for the
referee's audience, recorded as theirs (every service is given ``request.user``). The
qualifier's set-up and draws stay the organiser's (draws/urls_organiser.py)."""

from accounts.access import referee_required

from . import drawing, game

draw_new = referee_required(drawing.draw_new.__wrapped__)
confirm = referee_required(game.confirm.__wrapped__)
redraw = referee_required(game.redraw.__wrapped__)
swap = referee_required(game.swap.__wrapped__)
rounds = referee_required(game.rounds.__wrapped__)
game = referee_required(game.game.__wrapped__)
