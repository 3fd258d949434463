// News redraws a live part of the page (live.js: a table fetching itself again after
// someone else's move or chat line). What the player was doing there meanwhile comes back
// on the new one: the boxes they ticked or cleared (a meld builder's cards, "Yes, I
// resign"), the text they typed, the panels they opened or closed. Matched by name and
// value, and by the form's action, so a card that left the hand takes its tick with it.
// Only for a part's own fetch: the player's own move redraws the table as it answers.
(function () {
  "use strict";

  var kept = new WeakMap(); // request -> {id, choices}

  function formOf(element) {
    var form = element.form || element.closest("form");
    return form ? form.getAttribute("action") || "" : "";
  }

  function key(element) {
    if (element.tagName === "DETAILS") {
      var summary = element.querySelector("summary");
      return "details|" + element.className + "|" + (summary ? summary.textContent.trim() : "");
    }
    var checkable = element.type === "checkbox" || element.type === "radio";
    return formOf(element) + "|" + element.name + (checkable ? "=" + element.value : "");
  }

  var FIELDS = "input[type=checkbox], input[type=radio], input[type=text], input[type=search], " +
    "input[type=number], textarea, select, details";

  // What the server drew in the field: a select's is the option marked selected.
  function drawn(element) {
    if (element.tagName !== "SELECT") return element.defaultValue;
    var marked = Array.prototype.find.call(element.options, function (option) { return option.defaultSelected; });
    return marked ? marked.value : element.options.length ? element.options[0].value : "";
  }

  // What differs from what the server drew: the player's doing.
  function choices(part) {
    var found = [];
    part.querySelectorAll(FIELDS).forEach(function (element) {
      if (element.tagName === "DETAILS") found.push({key: key(element), open: element.open});
      else if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked !== element.defaultChecked) found.push({key: key(element), checked: element.checked});
      } else if (element.value !== drawn(element)) found.push({key: key(element), value: element.value});
    });
    return found;
  }

  function offers(element, value) {
    return element.tagName !== "SELECT" || Array.prototype.some.call(element.options, function (option) {
      return option.value === value && !option.disabled;
    });
  }

  // One round of restoring: the first element it changed, if any.
  function restoreOnce(part, byKey) {
    var changed = null;
    part.querySelectorAll(FIELDS).forEach(function (element) {
      var choice = byKey[key(element)];
      if (!choice) return;
      if ("open" in choice) element.open = choice.open;
      else if ("checked" in choice && element.checked !== choice.checked && !element.disabled) {
        element.checked = choice.checked;
        changed = changed || element;
      } else if ("value" in choice && element.value !== choice.value && !element.disabled && offers(element, choice.value)) {
        element.value = choice.value;
        changed = changed || element;
      }
    });
    return changed;
  }

  function restore(part, found) {
    var byKey = {};
    found.forEach(function (choice) { byKey[choice.key] = choice; });
    // A change event once a round, for what listens (a builder checks its ticks with the
    // server). A second round restores what a page's script held back until it heard of
    // the first: Casino greys out in one menu the card another asks about, so a card
    // moved from one opponent's question to another's is offered only after the change.
    for (var round = 0; round < 2; round++) {
      var changed = restoreOnce(part, byKey);
      if (!changed) return;
      changed.dispatchEvent(new Event("change", {bubbles: true}));
    }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var part = detail.target;
    // A part's own fetch is a GET from the part; a move held while one ran is sent again
    // from the part too (live.js), but it is a POST.
    var fetched = detail.requestConfig && detail.requestConfig.verb === "get";
    if (!detail.shouldSwap || !fetched || detail.elt !== part || !part.id || !part.hasAttribute("data-live-part")) {
      return;
    }
    var found = choices(part);
    if (found.length) kept.set(detail.xhr, {id: part.id, choices: found});
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var saved = kept.get(event.detail.xhr);
    if (!saved) return;
    kept.delete(event.detail.xhr);
    var part = document.getElementById(saved.id);
    if (part) restore(part, saved.choices);
  });
})();
