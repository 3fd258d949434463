// The browser's time zone (Intl), as lichess takes it: the sign-up form's hidden field
// gets it (the server keeps UTC for a missing or unknown one), and the profile offers it
// when it is not the saved zone, one press to use it. Without this script nothing is
// filled nor offered.
(function () {
  "use strict";

  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone) return;

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-browser-time-zone]").forEach(function (field) {
      field.value = zone;
    });
    document.querySelectorAll("[data-browser-zone-offer]").forEach(function (offer) {
      if (offer.dataset.savedZone === zone) return;
      offer.querySelector("[data-browser-zone]").textContent = zone;
      offer.hidden = false;
    });
  });

  // "use it": the zone into the form's time zone field, and the form sent as it stands.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-use-browser-zone]");
    if (!button || !button.form) return;
    button.form.elements.time_zone.value = zone;
    button.form.requestSubmit();
  });
})();
