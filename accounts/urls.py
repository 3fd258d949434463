from django.contrib.auth import views as auth_views
from django.urls import path

from . import views
from .forms import CountedPasswordChangeForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.Login.as_view(), name="login"),
    path("logout/", views.Logout.as_view(), name="logout"),  # POST only
    path("profile/", views.profile, name="profile"),
    path("profile/clock/", views.profile_clock, name="profile_clock"),
    path("profile/play/", views.profile_play, name="profile_play"),
    path("close/", views.close_account, name="close_account"),
    path("data/", views.download_data, name="download_data"),
    path("confirm/send/", views.send_confirmation, name="send_confirmation"),
    path("confirm/<str:token>/", views.confirm_address, name="confirm_address"),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(
            template_name="registration/password_change.html", form_class=CountedPasswordChangeForm
        ),
        name="password_change",
    ),
    path("password/change/done/", views.password_changed, name="password_change_done"),
    path("password/reset/", views.PasswordReset.as_view(), name="password_reset"),
    path("password/reset/sent/", views.PasswordResetSent.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="registration/password_reset_complete.html"),
        name="password_reset_complete",
    ),
]
