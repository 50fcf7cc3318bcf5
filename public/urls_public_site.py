"""The site's own pages: the front page with every championship, the archive, the rating,
and each person's tournaments."""

from django.urls import path

from . import rating
from .views import archive, site

app_name = "tournament"
urlpatterns = [
    path("", site.front_page, name="home"),
    path("archiv/", archive.archive, name="archive"),
    path("hodnoceni/", rating.rating_list, name="rating"),
    path("hodnoceni/<number:person>/", rating.rating_person, name="rating_person"),
    path("osoby/<uuid:person_id>/", archive.person, name="person"),
]
