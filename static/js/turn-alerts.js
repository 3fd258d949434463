// Your-turn alerts (tables/_turn_alerts.html): when a poll's answer shows that it has become
// my turn (`data-my-turn` on #table) while this tab is in the background, a notification
// says so, and a short tone sounds if "Sound" is ticked. The browser asks for the
// permission only when the button is pressed, never on load. The choices are kept in this
// browser (localStorage). Without the Notifications API, or with notifications blocked,
// the status line says why and the page works as before.
(function () {
  "use strict";

  var ALERTS = "capitalla.turn-alerts";
  var SOUND = "capitalla.turn-sound";
  var myTurn = null; // what the table on the page says; null before it is read
  var audio = null;

  function isOn(key) {
    try {
      return window.localStorage.getItem(key) === "on";
    } catch (e) {
      return false; // storage off (private mode, say): every choice is off
    }
  }

  function keep(key, on) {
    try {
      window.localStorage.setItem(key, on ? "on" : "off");
    } catch (e) {
      /* the choice lasts until the page is left */
    }
  }

  function canNotify() {
    return "Notification" in window;
  }

  function alerting() {
    return canNotify() && Notification.permission === "granted" && isOn(ALERTS);
  }

  function show(box) {
    var button = box.querySelector("[data-turn-alerts-toggle]");
    var status = box.querySelector("[data-turn-alerts-status]");
    button.setAttribute("aria-pressed", alerting() ? "true" : "false");
    if (!canNotify()) {
      button.disabled = true;
      status.textContent = "This browser cannot show notifications.";
    } else if (Notification.permission === "denied") {
      status.textContent = "Notifications are blocked for this site: allow them in your browser's site settings.";
    } else if (alerting()) {
      status.textContent = "On: a notification comes when it is your turn while this tab is in the background.";
    } else {
      status.textContent = "";
    }
    box.querySelector("[data-turn-alerts-sound]").checked = isOn(SOUND);
  }

  function press(box) {
    if (!canNotify()) return show(box);
    if (alerting()) {
      keep(ALERTS, false);
      return show(box);
    }
    keep(ALERTS, true);
    if (Notification.permission === "default") {
      // Older Safari answers through the callback instead of a promise.
      var asked = Notification.requestPermission(function () { show(box); });
      if (asked && asked.then) asked.then(function () { show(box); });
    }
    show(box);
  }

  // A context made during a press may play later, in a background tab.
  function audioContext() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  // Two short rising notes from an oscillator: no sound file to fetch.
  function tone() {
    var context = audioContext();
    if (!context) return;
    var oscillator = context.createOscillator();
    var gain = context.createGain();
    var now = context.currentTime;
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(660, now);
    oscillator.frequency.setValueAtTime(880, now + 0.15);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.45);
  }

  function tableName(table) {
    var title = table.querySelector(".table__title");
    return title ? title.textContent.trim() : document.title;
  }

  function alertMe(table) {
    if (alerting()) {
      var banner = table.querySelector(".turn-banner");
      try {
        var note = new Notification("Your turn at " + tableName(table), {
          body: banner ? banner.textContent.trim() : "",
          tag: "capitalla-turn-" + window.location.pathname,
        });
        note.onclick = function () {
          window.focus();
          note.close();
        };
      } catch (e) {
        // Chrome on Android shows notifications only through a service worker.
        var box = document.querySelector("[data-turn-alerts]");
        if (box) box.querySelector("[data-turn-alerts-status]").textContent = "This browser would not show the notification.";
      }
    }
    if (isOn(SOUND)) tone();
  }

  function read(table) {
    var now = table.getAttribute("data-my-turn") === "1";
    var became = now && myTurn === false;
    myTurn = now;
    if (became && document.visibilityState === "hidden") alertMe(table);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-turn-alerts]");
    var table = document.getElementById("table");
    if (!box || !table) return;
    myTurn = table.getAttribute("data-my-turn") === "1";
    show(box);
    box.hidden = false;
    box.querySelector("[data-turn-alerts-toggle]").addEventListener("click", function () { press(box); });
    box.querySelector("[data-turn-alerts-sound]").addEventListener("change", function (event) {
      keep(SOUND, event.target.checked);
      if (event.target.checked) tone(); // a sample, and the press lets the page play sound later
    });
  });

  document.addEventListener("htmx:load", function (event) {
    var table = event.detail.elt;
    if (table.id !== "table" || myTurn === null) return;
    // A game that ended while the page was open has no turns to alert: the controls go,
    // as a page loaded after the end never shows them (tables/_turn_alerts.html).
    if (table.hasAttribute("data-game-over")) document.querySelector("[data-turn-alerts]").hidden = true;
    else read(table);
  });
})();
