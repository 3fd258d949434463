// A submit button with `data-confirm` asks before its form is sent ("Discard Malta
// (Valletta)?"), with htmx or without. Listening at the document, before htmx or the
// browser sends the form, so a "no" stops both.
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    var question = button && button.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
