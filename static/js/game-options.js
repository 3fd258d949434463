// The create form holds every game's options, a fieldset each: show only the chosen game's.
// Without JavaScript they all show, and the server reads only the chosen game's.
// The Seats field follows the chosen game's range too (the page's #seat-ranges, from the
// lobby view): its bounds, its value kept inside them, and a line saying the range.
// Without JavaScript it offers 2 to 6 and the server names the game's range when refused.
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

  function seatRanges(form) {
    var data = form.querySelector("#seat-ranges");
    if (!data) return null;
    try {
      return JSON.parse(data.textContent);
    } catch (e) {
      return null;
    }
  }

  function rangeLine(seats) {
    var id = seats.id + "-range";
    var line = document.getElementById(id);
    if (!line) {
      line = document.createElement("div");
      line.id = id;
      line.className = "field__help";
      seats.insertAdjacentElement("afterend", line);
      var described = (seats.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      described.push(id);
      seats.setAttribute("aria-describedby", described.join(" "));
    }
    return line;
  }

  function followSeats(select, ranges) {
    var seats = select.form.querySelector("input[name=seats]");
    var range = ranges && ranges[select.value];
    if (!seats || !range) return;
    seats.min = range.min;
    seats.max = range.max;
    var value = parseInt(seats.value, 10);
    if (!isNaN(value)) seats.value = Math.min(range.max, Math.max(range.min, value));
    rangeLine(seats).textContent = range.name + " seats " + range.min + " to " + range.max + " players.";
  }

  document.querySelectorAll("select[name=kind]").forEach(function (select) {
    if (!select.form) return;
    var options = select.form.querySelector("fieldset[data-kind]");
    var ranges = seatRanges(select.form);
    function follow() {
      if (options) showChosen(select);
      followSeats(select, ranges);
    }
    follow();
    select.addEventListener("change", follow);
  });
})();
