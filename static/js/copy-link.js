// A "Copy" button next to a link to share: `data-copy` names the input that holds the
// link. The button comes hidden and shows only where this script runs (without it the
// link stays selectable by hand), also on tables that htmx swaps in later.
(function () {
  "use strict";

  function reveal(root) {
    root.querySelectorAll("button[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  function said(button, text) {
    var status = button.parentElement.querySelector("[role=status]");
    if (status) status.textContent = text;
  }

  document.addEventListener("DOMContentLoaded", function () {
    reveal(document);
  });
  document.addEventListener("htmx:load", function (event) {
    reveal(event.detail.elt);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var field = document.getElementById(button.dataset.copy);
    if (!field) return;
    field.select();
    // The clipboard API needs a secure context (https or this machine); else the old way.
    var copied = navigator.clipboard
      ? navigator.clipboard.writeText(field.value).then(function () { return true; }, function () { return false; })
      : Promise.resolve(document.execCommand("copy"));
    copied.then(function (ok) {
      said(button, ok ? "Copied." : "Select the link and copy it.");
    });
  });
})();
