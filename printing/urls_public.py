"""The printouts everybody may download (standings, results and Braille of the stages that are
over, the seating of announced games): under the tournament's public address."""

from django.urls import path

from . import views

app_name = "downloads"
urlpatterns = [
    path("", views.public_downloads, name="list"),
    path("hrac/<number:number>/<str:format>/", views.public_card, name="card"),
    path("<str:file_name>", views.public_download, name="file"),
]
