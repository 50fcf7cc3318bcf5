"""The site's own pages: the front page with every championship, and the archive."""

from django.urls import path

from . import views

app_name = "tournament"
urlpatterns = [
    path("", views.front_page, name="home"),
    path("archiv/", views.archive, name="archive"),
]
