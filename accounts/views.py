from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from .forms import ProfileForm, SignUpForm


def signup(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.name}! Create a table or join one.")
            return redirect("lobby")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, f"Saved. Other players now see you as {request.user.name}.")
            return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


@login_required
def password_changed(request):
    messages.success(request, "Your password is changed.")
    return redirect("profile")


class PasswordReset(auth_views.PasswordResetView):
    """A link to choose a new password, mailed to the address saved in the profile. The
    link points at SITE_URL, never at whatever host the request named."""

    template_name = "registration/password_reset.html"
    email_template_name = "email/password_reset.txt"
    subject_template_name = "email/password_reset_subject.txt"

    def form_valid(self, form):
        self.extra_email_context = {"site_url": settings.SITE_URL.rstrip("/")}
        return super().form_valid(form)


class PasswordResetSent(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_sent.html"

    def get_context_data(self, **kwargs):
        # With no mail server (the embedded default) mail is kept in the database, where only
        # the operator can read a logged-out player's mail (the admin's outbox).
        kept = settings.MAILERS["default"]["BACKEND"] == settings.OUTBOX_BACKEND
        return super().get_context_data(**kwargs) | {"mail_kept_here": kept}
