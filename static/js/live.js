// Live news (live/). An element with [data-live] holds the page's stream of news
// when the site has one (the htmx SSE extension: `hx-ext="sse" sse-connect`, which opens
// it and reconnects with back-off). Inside it, each part marked data-live-part="<events>"
// fetches itself again (its hx-trigger is "poll", which only this script sends):
// - on news of one of its events ("table", "lobby", "mine"). A table's news carries its
//   version: a table that already shows it (the mover's own page) asks nothing;
// - while the stream is not open (no stream on this site, a refused or dropped one), every
//   data-live milliseconds (the root's): the page polls as it did before push;
// - when the stream opens: a table at every opening (a move may land between the page's
//   rendering and its stream's opening; an unchanged table answers 204), the other parts
//   after a drop only, so that the page catches up from what it shows.
// The root's data-live-state says which: "open" or "polling".
//
// One request at a time per part. A part is busy from the moment a request about it
// leaves (its own fetch, a form aimed at it: a move, an answer; or one that keeps step
// with it through hx-sync, the chat's) until that request's answer is in place, or is
// known to swap nothing (204, an error, an aborted request). Meanwhile news waits, and a
// form sent meanwhile is held (the first one, as hx-sync's "queue first" did) and sent
// again, from the part then on the page, once it is free. Why not leave the queue to
// htmx: it sends a queued request as soon as the answer before it has arrived, but the
// table is swapped a frame later, inside a View Transition (card-motion.js). The request
// left from the table on its way out, with that table's version; its answer found no
// table to land in (only its out-of-band lines of the moves, a second time), and the news
// it was sent for was spent: the page froze on an old position.
(function () {
  "use strict";

  var EVENTS = ["table", "lobby", "mine"];

  function follow(root) {
    var open = false;
    var dropped = false;
    var every = parseInt(root.getAttribute("data-live"), 10) || 2000;
    var followed = new WeakSet(); // the EventSources whose news we listen to
    var busy = {}; // part id -> the request (XMLHttpRequest) the part waits for
    var waiting = {}; // part id -> news came meanwhile (a table's: the latest version)
    var held = {}; // part id -> a form sent meanwhile, to send again
    var about = new WeakMap(); // request -> the id of the part it is about
    var swapping = new WeakSet(); // requests whose answer htmx swaps into their part
    root.setAttribute("data-live-state", "polling");

    function isPart(element) {
      return !!element && !!element.id && element.hasAttribute("data-live-part") && root.contains(element);
    }

    function parts(event) {
      return Array.prototype.filter.call(root.querySelectorAll("[data-live-part]"), function (part) {
        return !event || part.getAttribute("data-live-part").split(" ").indexOf(event) >= 0;
      });
    }

    // The part a request is about: the one it swaps, or the one its hx-sync names.
    function partOf(target, elt) {
      if (isPart(target)) return target;
      var synced = elt && elt.closest ? elt.closest("[hx-sync]") : null;
      var selector = synced ? synced.getAttribute("hx-sync").split(":")[0].trim() : "";
      if (!selector || selector === "this") return null;
      var part = selector.indexOf("closest ") === 0 ? synced.closest(selector.slice(8)) : document.querySelector(selector);
      return isPart(part) ? part : null;
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

    // The part's request is over: send what waited for it, from the part now on the page.
    function done(id) {
      busy[id] = null;
      var part = document.getElementById(id);
      if (!part || !root.contains(part)) return;
      var form = held[id];
      delete held[id];
      if (form) {
        var target = document.getElementById(form.target) || part;
        htmx.ajax(form.verb, form.path, { source: part, target: target, swap: form.swap, values: form.values });
      } else if (id in waiting) {
        var version = waiting[id];
        delete waiting[id];
        fetch(part, version);
      }
    }

    // Before htmx sends a request, or queues it behind another: one about a busy part waits.
    document.body.addEventListener("htmx:confirm", function (event) {
      var detail = event.detail;
      var part = partOf(detail.target, detail.elt);
      if (!part || !busy[part.id]) return;
      event.preventDefault();
      if (detail.elt === part) {
        fetch(part, ""); // its own fetch: once free, from the version then shown
      } else if (!held[part.id]) {
        var swap = detail.elt.closest && detail.elt.closest("[hx-swap]");
        held[part.id] = {
          verb: detail.verb,
          path: detail.path,
          values: htmx.values(detail.elt, detail.verb), // the form as sent (the button pressed too)
          target: detail.target.id,
          swap: (detail.etc && detail.etc.swapOverride) || (swap ? swap.getAttribute("hx-swap") : "outerHTML"),
        };
      }
    });
    document.body.addEventListener("htmx:beforeRequest", function (event) {
      var part = partOf(event.detail.target, event.detail.elt);
      if (!part) return;
      busy[part.id] = event.detail.xhr;
      about.set(event.detail.xhr, part.id);
    });
    document.body.addEventListener("htmx:beforeSwap", function (event) {
      var detail = event.detail;
      if (about.has(detail.xhr) && isPart(detail.target) && detail.shouldSwap) swapping.add(detail.xhr);
    });
    // An answer that swaps nothing is over when it has come; one that swaps, once settled
    // (a settle of each element it swapped: the first one counts, a later request's don't).
    document.body.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail.xhr;
      var id = about.get(xhr);
      if (id && busy[id] === xhr && !swapping.has(xhr)) done(id);
    });
    document.body.addEventListener("htmx:afterSettle", function (event) {
      var xhr = event.detail.xhr;
      var id = about.get(xhr);
      if (id && busy[id] === xhr) done(id);
    });

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

  // The moves' lines an answer puts on top of the list (tables/_history.html, "prepend")
  // are those after the version its request was sent from; a form sent again once a newer
  // table was in (see above) brings lines the list has already. Each move once, by number.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var list = event.detail.target;
    if (!list || list.id !== "history-list") return;
    var newest = list.querySelector("li");
    var shown = newest ? newest.value : 0;
    Array.prototype.slice.call(event.detail.fragment.children || []).forEach(function (line) {
      if (line.value <= shown) line.remove();
    });
  });

  function start() {
    document.querySelectorAll("[data-live]").forEach(follow);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
