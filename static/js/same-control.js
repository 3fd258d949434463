// The same control in a new table. htmx replaces #table outright, so a control of the table
// before a swap is gone after it; scripts that must find it again (table-focus.js: the focus,
// refusals.js: a refused move's reason) look for it by id, else by what the control is: its
// tag, text, form (action and fields, not the version, which changes with every move) and
// name, value, card and link. A disabled one does not count: it cannot be pressed or focused.
(function () {
  "use strict";

  function formOf(control) {
    var form = control.form;
    if (!form) return "";
    var fields = Array.prototype.map.call(form.querySelectorAll("input[type=hidden]"), function (input) {
      // The version changes with every move, the token with nothing the player sees.
      return input.name === "version" || input.name === "csrfmiddlewaretoken" ? "" : input.name + "=" + input.value;
    });
    return form.getAttribute("action") + "?" + fields.join("&");
  }

  function what(element) {
    return [element.tagName, element.textContent.trim(), formOf(element)].concat(
      ["name", "value", "data-card", "data-hand-card", "href"].map(function (name) {
        return element.getAttribute(name);
      })
    ).join("\n");
  }

  // `control`, of a table swapped out (or still in the page), found in `inTable`; else undefined.
  window.sameControl = function (control, inTable) {
    if (control.id) return inTable.querySelector("#" + CSS.escape(control.id));
    var wanted = what(control);
    return Array.prototype.filter.call(inTable.querySelectorAll(control.tagName), function (element) {
      return what(element) === wanted && !element.disabled;
    })[0];
  };
})();
