from django.urls import path

from . import views

app_name = "sync"
urlpatterns = [
    path("", views.publication, name="publication"),
    path("klic/novy/", views.create_token, name="create_token"),
    path("klic/zneplatnit/", views.revoke_token, name="revoke_token"),
]
