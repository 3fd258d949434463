// An action sent by htmx that never got an answer (the connection dropped) or got a server
// error (5xx: the site or its proxy failing) would otherwise change nothing on the page and
// say nothing: the player could not tell whether it went. It says so in the page's
// messages, which a screen reader reads (role="status"). A poll that fails says nothing:
// the next one comes by itself.
(function () {
  "use strict";

  function say(text) {
    var messages = document.getElementById("messages");
    if (!messages) return;
    var line = document.createElement("li");
    line.className = "alert alert--error";
    line.textContent = text;
    messages.replaceChildren(line);
    messages.hidden = false;
  }

  function byThePlayer(detail) {
    var config = detail.requestConfig;
    return !!config && config.verb !== "get";
  }

  document.addEventListener("htmx:sendError", function (event) {
    if (byThePlayer(event.detail)) say("That did not reach the server: check your connection, then try again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    if (byThePlayer(event.detail) && status >= 500) {
      say("The server could not answer just now (error " + status + "). Reload the page to see where the table stands, then try again.");
    }
  });
})();
