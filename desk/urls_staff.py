"""``/sprava/<slug>/zaznam/``: the championship's log for the organiser and the referee."""

from django.urls import path

from .views import log

app_name = "championship_log"
urlpatterns = [path("", log.staff_log, name="staff")]
