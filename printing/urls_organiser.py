from django.urls import path

from . import views

app_name = "printing"
urlpatterns = [
    path("", views.printouts, name="printouts"),
    path("prihlasky.xlsx", views.registration_template, name="registration_template"),
    path("prihlasky/nahrat/", views.import_players_moved, name="import_players"),
    path("mistrovstvi.xlsx", views.championship_export, name="championship_export"),
    path("<str:file_name>", views.download, name="download"),
]
