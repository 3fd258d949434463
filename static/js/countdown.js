// Turn clocks: every <time data-deadline="ISO 8601"> counts down once a second. The page
// already shows the deadline as text, so without this script nothing is lost. Elements
// swapped in by htmx are picked up on the next tick.
(function () {
  "use strict";

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    if (seconds <= 0) return "time is up";
    var d = Math.floor(seconds / 86400);
    var h = Math.floor((seconds % 86400) / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = Math.floor(seconds % 60);
    if (d > 0) return d + "d " + h + "h " + two(m) + "m left";
    if (h > 0) return h + "h " + two(m) + "m " + two(s) + "s left";
    return m + ":" + two(s) + " left";
  }

  function tick() {
    var now = Date.now();
    var clocks = document.querySelectorAll("time[data-deadline]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      var deadline = Date.parse(el.getAttribute("data-deadline"));
      if (isNaN(deadline)) continue;
      var left = Math.round((deadline - now) / 1000);
      var text = format(left);
      if (el.textContent !== text) el.textContent = text;
      var turn = parseInt(el.getAttribute("data-turn-seconds"), 10);
      el.classList.toggle("countdown--low", left > 0 && turn > 0 && left <= turn * 0.2);
      el.classList.toggle("countdown--up", left <= 0);
    }
  }

  function start() {
    tick();
    window.setInterval(tick, 1000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
