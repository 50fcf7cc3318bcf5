// The move clock the referee ordered for this table (protests 3): one large button, or the
// space bar, starts each move; 10 s before the end and at the end the phone beeps (Web Audio,
// an oscillator: no sound files), vibrates where it can, and the words are announced in a live
// region, so a blind player hears them. Only this page's clock: nothing is sent, and the form
// beside it saves its rounds as always.
(function () {
  "use strict";
  var section = document.getElementById("move-clock");
  if (!section) { return; }
  var limit = parseInt(section.dataset.seconds, 10);
  var warningAt = parseInt(section.dataset.warning, 10);
  var time = document.getElementById("clock-time");
  var button = document.getElementById("clock-button");
  var announcer = document.getElementById("clock-announce");
  if (!(limit > 0) || !time || !button || !announcer) { return; }

  var started = null;  // when the move began (ms), or null before the first move
  var warned = false;
  var ended = false;
  var timer = null;
  var audio = null;

  Array.prototype.forEach.call(section.querySelectorAll("[hidden]"), function (el) {
    el.hidden = false;
  });

  function shown(seconds) {
    var minutes = Math.floor(seconds / 60);
    var rest = seconds % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function sound() {
    // Created on the first press (browsers allow sound only after a gesture).
    if (audio === null) {
      var Context = window.AudioContext || window.webkitAudioContext;
      try { audio = Context ? new Context() : false; } catch (e) { audio = false; }
    }
    if (audio && audio.state === "suspended" && audio.resume) {
      try { audio.resume(); } catch (e) { /* no sound then */ }
    }
    return audio;
  }

  function beep(frequency, seconds, delay) {
    var context = sound();
    if (!context) { return; }
    try {
      var oscillator = context.createOscillator();
      var gain = context.createGain();
      oscillator.type = "square";
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.25;
      oscillator.connect(gain);
      gain.connect(context.destination);
      var at = context.currentTime + delay;
      oscillator.start(at);
      oscillator.stop(at + seconds);
    } catch (e) { /* no sound: the words and the vibration remain */ }
  }

  function vibrate(pattern) {
    if (navigator.vibrate) {
      try { navigator.vibrate(pattern); } catch (e) { /* not allowed here */ }
    }
  }

  function announce(text) {
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = text; }, 50);
  }

  function signal(kind) {
    if (kind === "warning") {
      beep(880, 0.15, 0);
      beep(880, 0.15, 0.3);
      vibrate([200, 100, 200]);
      announce(section.dataset.textWarning);
    } else {
      beep(440, 0.6, 0);
      beep(440, 0.6, 0.8);
      beep(440, 1.0, 1.6);
      vibrate([600, 200, 600, 200, 1000]);
      announce(section.dataset.textEnd);
    }
  }

  function tick() {
    if (started === null) { return; }
    var left = Math.max(0, limit - Math.floor((Date.now() - started) / 1000));
    time.textContent = shown(left);
    if (left <= 0) {
      if (!ended) {
        ended = true;
        section.dataset.state = "over";
        window.clearInterval(timer);
        timer = null;
        signal("end");
      }
    } else if (left <= warningAt && !warned) {
      warned = true;
      section.dataset.state = "warning";
      signal("warning");
    }
  }

  function nextMove() {
    sound();
    started = Date.now();
    warned = limit <= warningAt;  // a limit this short has no separate warning
    ended = false;
    section.dataset.state = "running";
    announcer.textContent = "";
    button.textContent = section.dataset.textNext;
    if (timer !== null) { window.clearInterval(timer); }
    timer = window.setInterval(tick, 200);
    tick();
  }

  time.textContent = shown(limit);
  button.addEventListener("click", nextMove);
  document.addEventListener("keydown", function (event) {
    if (event.key !== " " && event.code !== "Space") { return; }
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) { return; }
    // In a field, on a button or a link the space bar keeps its own meaning.
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, button, a, [contenteditable]")) {
      return;
    }
    event.preventDefault();
    nextMove();
  });
})();
