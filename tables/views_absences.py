"""The profile's absences: announcing one and ending it ("I'm back", "Call it off").
Here, above accounts, because they stop and start the player's clocks at the tables
(tables.actions.absences); a refusal shows the profile again (accounts.views.profile_page).
Their paths are the profile's, under accounts/ (tables/urls.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from accounts.forms import AbsenceForm
from accounts.views import profile_page
from tables.actions import absences, errors


@login_required
@require_POST
def absence_add(request):
    form = AbsenceForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            absence = absences.announce_absence(request.user, data["first_day"], data["last_day"])
        except errors.ServiceError as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, f"You are away from {_day(absence.first_day)} until {_day(absence.last_day)}.")
            return redirect("profile")
    return profile_page(request, absence_form=form, status=400)


@login_required
@require_POST
def absence_end(request, absence_id: int):
    """ "I'm back" for an absence under way, "Call it off" for one planned."""
    try:
        absence = absences.end_absence(request.user, absence_id)
    except errors.ServiceError as refused:
        messages.error(request, refused.message)
        return profile_page(request, status=refused.status)
    messages.success(request, "Welcome back: your clocks run again." if absence else "That absence is called off.")
    return redirect("profile")


def _day(day) -> str:
    return f"{day.day} {day:%B}"
