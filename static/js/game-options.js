// The create form holds every game's options, a fieldset each: show only the chosen game's.
// Without JavaScript they all show, and the server reads only the chosen game's.
(function () {
  "use strict";

  function showChosen(select) {
    select.form.querySelectorAll("fieldset[data-kind]").forEach(function (fieldset) {
      var other = fieldset.dataset.kind !== select.value;
      fieldset.hidden = other;
      // A hidden field must neither stop the browser's own checks nor be posted.
      fieldset.disabled = other;
    });
  }

  document.querySelectorAll("select[name=kind]").forEach(function (select) {
    if (!select.form || !select.form.querySelector("fieldset[data-kind]")) return;
    showChosen(select);
    select.addEventListener("change", function () { showChosen(select); });
  });
})();
