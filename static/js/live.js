// Live news (games/live/). An element with [data-live] holds the page's stream of news
// when the site has one (the htmx SSE extension: `hx-ext="sse" sse-connect`, which opens
// it and reconnects with back-off). Inside it, each part marked data-live-part="<events>"
// fetches itself again (its hx-trigger is "poll", which only this script sends):
// - on news of one of its events ("table", "lobby", "mine"). A table's news carries its
//   version: a table that already shows it (the mover's own page) asks nothing. While a
//   request of the part is out or being swapped in, news waits for it to settle, so two
//   answers never race;
// - while the stream is not open (no stream on this site, a refused or dropped one), every
//   data-live milliseconds (the root's): the page polls as it did before push;
// - when the stream opens: a table at every opening (a move may land between the page's
//   rendering and its stream's opening; an unchanged table answers 204), the other parts
//   after a drop only, so that the page catches up from what it shows.
// The root's data-live-state says which: "open" or "polling".
(function () {
  "use strict";

  var EVENTS = ["table", "lobby", "mine"];

  function follow(root) {
    var open = false;
    var dropped = false;
    var every = parseInt(root.getAttribute("data-live"), 10) || 2000;
    var followed = new WeakSet(); // the EventSources whose news we listen to
    var busy = {}; // part id -> a request of the part is out
    var waiting = {}; // part id -> news came meanwhile (a table's: the latest version)
    root.setAttribute("data-live-state", "polling");

    function parts(event) {
      return Array.prototype.filter.call(root.querySelectorAll("[data-live-part]"), function (part) {
        return !event || part.getAttribute("data-live-part").split(" ").indexOf(event) >= 0;
      });
    }

    function behind(part, version) {
      var shown = part.getAttribute("data-version");
      return !version || shown === null || Number(version) > Number(shown);
    }

    function fetch(part, version) {
      if (busy[part.id]) {
        var before = waiting[part.id];
        waiting[part.id] = before === undefined || (version && Number(version) > Number(before)) ? version : before;
        return;
      }
      if (behind(part, version)) htmx.trigger(part, "poll");
    }

    function onNews(event) {
      parts(event.type).forEach(function (part) {
        fetch(part, event.data);
      });
    }

    function settled(event) {
      var id = event.detail.target && event.detail.target.id;
      if (!id || !busy[id]) return;
      busy[id] = false;
      if (id in waiting) {
        var version = waiting[id];
        delete waiting[id];
        var part = document.getElementById(id);
        if (part && root.contains(part)) fetch(part, version);
      }
    }

    document.body.addEventListener("htmx:beforeRequest", function (event) {
      var target = event.detail.target;
      if (target && target.id && root.contains(target) && target.hasAttribute("data-live-part")) busy[target.id] = true;
    });
    document.body.addEventListener("htmx:afterRequest", function (event) {
      var status = event.detail.xhr ? event.detail.xhr.status : 0;
      if (status === 204 || status === 0 || status >= 500) settled(event); // nothing to swap
    });
    document.body.addEventListener("htmx:afterSettle", settled);

    root.addEventListener("htmx:sseOpen", function (event) {
      var source = event.detail.source;
      if (!followed.has(source)) {
        followed.add(source);
        EVENTS.forEach(function (name) {
          source.addEventListener(name, onNews);
        });
      }
      open = true;
      root.setAttribute("data-live-state", "open");
      parts().forEach(function (part) {
        if (dropped || part.hasAttribute("data-version")) fetch(part, "");
      });
      dropped = false;
    });
    function lost() {
      open = false;
      dropped = true;
      root.setAttribute("data-live-state", "polling");
    }
    root.addEventListener("htmx:sseError", lost);
    root.addEventListener("htmx:sseClose", lost);

    window.setInterval(function () {
      if (open) return;
      parts().forEach(function (part) {
        if (!busy[part.id]) htmx.trigger(part, "poll");
      });
    }, every);
  }

  function start() {
    document.querySelectorAll("[data-live]").forEach(follow);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
