// Casino's selection (a hand card and the table items it plays on) lives in the table,
// which the page's poll replaces whenever the game moves on (an opponent's answer, extra
// time) or a chat line comes, and my own answer to a question replaces too: send the
// selection along with the poll and the answer, so that the
// table comes back with it still chosen and its plays shown (the presenter reads it from
// the query, as after the "Show plays" button without JavaScript).
(function () {
  "use strict";

  // With this script the plays follow each change of the selection: the "Show plays"
  // button is for pages without JavaScript, where it posts the selection.
  document.addEventListener("htmx:load", function (event) {
    event.detail.elt.querySelectorAll(".casino-select__go").forEach(function (go) { go.hidden = true; });
  });

  // The ask form: a card chosen for one opponent is greyed out in the others' menus, as
  // the rules ask each about a different card (the server says so too, without this).
  function markAsked(form) {
    var selects = form.querySelectorAll("select");
    selects.forEach(function (select) {
      select.querySelectorAll("option[value]").forEach(function (option) {
        option.disabled = Boolean(option.value) && Array.prototype.some.call(selects, function (other) {
          return other !== select && other.value === option.value;
        });
      });
    });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest(".ask-panel__form");
    if (form) markAsked(form);
  });
  document.addEventListener("htmx:load", function (event) {
    event.detail.elt.querySelectorAll(".ask-panel__form").forEach(markAsked);
  });

  // An answer to a question redraws the table too, and is no play: the selection stays.
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    var poll = detail.elt.id === "table" && detail.verb === "get";
    var answer = detail.elt.classList && detail.elt.classList.contains("question-card__choices");
    if (!poll && !answer) return;
    var form = document.getElementById("casino-select");
    if (!form) return;
    new FormData(form).forEach(function (value, name) {
      if (name === "card" || name === "pick") detail.formData.append(name, value);
    });
  });
})();
