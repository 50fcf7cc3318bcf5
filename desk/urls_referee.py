from django.urls import path

from .views import (
    advancement,
    clocks,
    early_end,
    grid,
    links,
    lots,
    sanctions,
    sheets,
    workbooks,
)

app_name = "desk"
game = "<stage:stage>/partie-<int:number>/"
urlpatterns = [
    path("", grid.dashboard, name="dashboard"),
    path("postup-a-losy/", advancement.advancement, name="advancement"),
    path("postup-a-losy/zverejnit/", lots.publish_lot, name="publish_lot"),
    path("postup-a-losy/losovat/", lots.draw_lot, name="draw_lot"),
    path("los/<int:lot>/", advancement.lot, name="lot"),
    path("finale-b/", advancement.b_final, name="b_final"),
    path("tresty/", sanctions.sanctions, name="sanctions"),
    path("tresty/nahled/", sanctions.sanction_preview, name="sanction_preview"),
    path("tresty/zapsat/", sanctions.sanction_record, name="sanction_record"),
    path("tresty/<int:sanction>/zrusit/", sanctions.sanction_withdraw, name="sanction_withdraw"),
    path(game + "ukoncit/", early_end.end_game, name="end_game"),
    path(game + "ukoncit/vratit/", early_end.undo_end_game, name="undo_end_game"),
    path(game + "stul-<int:table>/kolo-<int:round>/", sheets.sheet, name="sheet"),
    path(game + "stul-<int:table>/kolo-<int:round>/potvrdit/", sheets.confirm, name="confirm"),
    path(game + "potvrdit/", sheets.confirm_game, name="confirm_game"),
    path(game + "stul-<int:table>/odkaz/novy/", links.renew_link, name="renew_link"),
    path(game + "stul-<int:table>/odkaz/zrusit/", links.revoke_link, name="revoke_link"),
    path(game + "stul-<int:table>/hodiny/", clocks.clock, name="clock"),
    path(game + "stul-<int:table>/hodiny/vypnout/", clocks.clock_off, name="clock_off"),
    path(game + "excel/", workbooks.workbook, name="workbook"),
    path(game + "excel/nahrat/", workbooks.upload, name="upload"),
    path(game + "excel/prijmout/", workbooks.upload_accept, name="upload_accept"),
]
