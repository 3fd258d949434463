from django.urls import path

from mailroom import views

urlpatterns = [
    path("games/<int:game_id>/continue/<int:link_id>/", views.magic_link, name="magic_link"),
    path("outbox/", views.outbox, name="outbox"),
    path("outbox/<int:mail_id>/", views.outbox_html, name="outbox_html"),
    path("outbox/<int:mail_id>/reply/", views.outbox_reply, name="outbox_reply"),
    path("mail/inbound/", views.inbound_mail, name="inbound_mail"),
    path("email/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
