"use strict";
// Pointer drags scrub the transition as `animhost run --gesture` drives it by default (docs/web.md,
// docs/gestures.md), by the data in #animhost-drag: the plugin's rule (axis, distance, finishProgress,
// finishVelocity, cancelledGesture), the scrubbed clock's length (duration), the completion's speed
// and curve (a CSS easing, which the browser evaluates), where a drag may begin, and the host's edge
// width and velocity window. Each pointer sample becomes the host's gesture event (translation from
// where the drag began, velocity over the samples of the last velocityWindow seconds, the edge it
// began at); progress along the rule's direction scrubs the animations of #drag (the run the plugin
// makes when interactive, shown instead of #window while a drag is), and the release runs them on or back.
// Where the viewer prefers reduced motion and the page shows its run with reduced motion, drags scrub
// #drag-reduced instead (the plugin's interactive run with ctx.reducedMotion, its data in
// #animhost-drag-reduced), or nothing where the page has none.
// window.animhost.drag: state ("idle", "dragging", "finishing", "cancelling", "finished",
// "cancelled"), progress (the clock, 0 to 1), releasedAt (seconds after the pointer went down that it
// lifted), seek(seconds): hold the drag's playback that many seconds after the pointer went down, the
// instant `animhost run --gesture` times its frames by.
(() => {
  const data = JSON.parse(document.getElementById("animhost-data").textContent);
  const api = window.animhost;
  const main = document.getElementById("window"), reduced = document.getElementById("reduced");
  const reduce = matchMedia("(prefers-reduced-motion: reduce)");
  const size = () => { const s = getComputedStyle(main); return [parseFloat(s.width), parseFloat(s.height)]; };
  const camel = p => p.startsWith("--") ? p : p.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  // Each interactive run on the page: #drag, and #drag-reduced (made with reduced motion) where the page has one.
  const load = suffix => {
    const own = document.getElementById("drag" + suffix), source = document.getElementById("animhost-drag" + suffix);
    if (!own || !source) return null;
    const rule = JSON.parse(source.textContent);
    const animations = rule.tracks.map(([k, property, keys]) => {
      const frames = [];
      for (let i = 0; i < keys.length; i += 3) {
        frames.push({ offset: keys[i], [camel(property)]: keys[i + 1], easing: keys[i + 2] === 1 ? "step-end" : keys[i + 2] || "linear" });
      }
      const animation = own.querySelector(`[data-k="${k}"]`).animate(frames, { duration: rule.length * 1000, fill: "both" });
      animation.pause();
      return animation;
    });
    const images = [...own.querySelectorAll("img[data-image]")];
    for (const img of images) img.src = data.images[Number(img.dataset.image)];
    api.ready = Promise.all([api.ready, ...images.map(i => i.decode().catch(() => undefined))]).then(() => true);
    // The completion curve as the browser computes a CSS easing: an animation of nothing, read at a fraction of its length.
    const timing = new Animation(new KeyframeEffect(null, null, { duration: 1000, easing: rule.completionCurve, fill: "both" }), null);
    const curve = u => { timing.currentTime = u * 1000; return timing.effect.getComputedTiming().progress; };
    return { own, rule, length: rule.length, animations, curve };
  };
  const runs = { plain: load(""), reduced: load("-reduced") };
  // The run a drag beginning now scrubs: the one made with reduced motion where the page shows its run
  // with reduced motion (none without it), else the interactive run. Chosen as the drag begins.
  const pick = () => reduced && reduce.matches ? runs.reduced : runs.plain;
  let own, rule, length, animations, curve;

  let drag = null;
  const show = clock => { for (const a of animations) a.currentTime = clock * 1000; };
  // The scrubbed clock `g` seconds after the pointer went down, as the host's ScrubbedClock runs it.
  const clockAt = g => {
    const r = drag.release;
    if (r && g >= r.t) {
      const back = r.to < r.from || (r.to === 0 && r.from === 0);
      if (!back && g > r.t + r.length) return r.to + (g - r.t - r.length);
      if (!(r.length > 0)) return r.to;
      return r.from + (r.to - r.from) * curve(Math.min(Math.max((g - r.t) / r.length, 0), 1));
    }
    let clock = 0;
    for (const [t, value] of drag.steps) { if (t <= g + 1e-12) clock = value; else break; }
    return clock;
  };
  // When the run is at rest after the release: back at the start, or at the end of the scrubbed run.
  const restsAt = r => r.t + r.length + (r.to === 0 ? 0 : Math.max(length - rule.duration, 0));
  const state = () => {
    if (!drag) return "idle";
    const r = drag.release;
    if (!r || drag.now < r.t) return "dragging";
    const done = drag.now >= restsAt(r);
    return r.to === 0 ? (done ? "cancelled" : "cancelling") : (done ? "finished" : "finishing");
  };
  // The direction progress is read along, kept once the drag shows it (PercentDrivenDriver.direction).
  const direction = t => {
    if (drag.direction) return drag.direction;
    let found = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[rule.axis];
    if (found) { /* a direction axis */ } else if (rule.axis === "vertical") {
      if (t[1] === 0) return [0, 1];
      found = [0, t[1] > 0 ? 1 : -1];
    } else if (drag.edge === "left") found = [1, 0];
    else if (drag.edge === "right") found = [-1, 0];
    else if (rule.axis === "horizontal") {
      if (t[0] === 0) return [1, 0];
      found = [t[0] > 0 ? 1 : -1, 0];
    } else {
      if (t[0] === 0 && t[1] === 0) return [1, 0];
      found = Math.abs(t[1]) > Math.abs(t[0]) ? [0, t[1] > 0 ? 1 : -1] : [t[0] > 0 ? 1 : -1, 0];
    }
    drag.direction = found;
    return found;
  };
  // One pointer sample, as the host's GestureTracker derives it and PercentDrivenDriver.drive takes it.
  const take = (e, phase) => {
    const box = main.getBoundingClientRect(), last = drag.samples[drag.samples.length - 1];
    const at = phase === "cancelled" && last ? [last.x, last.y] : [e.clientX - box.left, e.clientY - box.top];
    const s = { t: (e.timeStamp - drag.t0) / 1000, x: at[0], y: at[1] };
    drag.samples.push(s);
    const first = drag.samples[0];
    while (s.t - drag.samples[drag.windowStart].t > rule.velocityWindow) drag.windowStart += 1;
    let oldest = drag.samples[drag.windowStart];
    if (oldest.t === s.t && drag.samples.length > 1) oldest = drag.samples[drag.samples.length - 2];
    const dt = s.t - oldest.t;
    const velocity = dt > 0 ? [(s.x - oldest.x) / dt, (s.y - oldest.y) / dt] : [0, 0];
    const translation = [s.x - first.x, s.y - first.y];
    const d = direction(translation);
    const [width, height] = size();
    const progress = (translation[0] * d[0] + translation[1] * d[1]) / (rule.distance ?? Math.max(d[0] !== 0 ? width : height, 1));
    drag.now = s.t;
    if (phase === "began" || phase === "changed") {
      if (!Number.isFinite(progress)) return;
      drag.steps.push([s.t, Math.min(Math.max(progress, 0), 1) * rule.duration]);
      if (!drag.held) show(clockAt(s.t));
      return;
    }
    const speed = velocity[0] * d[0] + velocity[1] * d[1];
    const finishes = !(phase === "cancelled" && rule.cancelledGesture === "cancel") && (progress > rule.finishProgress || speed > rule.finishVelocity);
    const from = clockAt(s.t), to = finishes ? rule.duration : 0;
    drag.release = { t: s.t, from, to, length: Math.abs(to - from) / Math.max(rule.completionSpeed, 1e-6) };
    if (!drag.held) requestAnimationFrame(tick);
  };
  // The settling after the release, frame by frame on the page's clock (the events' time base).
  const tick = now => {
    if (!drag || drag.held || !drag.release) return;
    drag.now = (now - drag.t0) / 1000;
    show(clockAt(drag.now));
    if (drag.now < restsAt(drag.release)) requestAnimationFrame(tick);
  };
  const enter = () => { own.style.display = "block"; main.style.display = "none"; if (reduced) reduced.style.display = "none"; };
  const leave = () => {
    drag = null;
    if (own) own.style.display = "none";
    main.style.display = "";
    if (reduced) reduced.style.display = "";
  };

  document.body.style.touchAction = "none";
  document.addEventListener("pointerdown", e => {
    // As the host's driver, which takes no touch once released: none until the settling ends.
    const run = pick();
    if (!e.isPrimary || e.button !== 0 || (drag && (!drag.release || drag.now < restsAt(drag.release))) || !run) return;
    const box = main.getBoundingClientRect(), x = e.clientX - box.left, width = size()[0];
    const edge = x <= run.rule.edgeWidth ? "left" : x >= width - run.rule.edgeWidth ? "right" : null;
    if ((run.rule.begin === "left" && edge !== "left") || (run.rule.begin === "inside" && edge !== null)) return;
    if (drag) leave();
    ({ own, rule, length, animations, curve } = run);
    drag = { id: e.pointerId, t0: e.timeStamp, edge, samples: [], windowStart: 0, steps: [], direction: null, release: null, now: 0, held: false };
    enter();
    try { document.documentElement.setPointerCapture(e.pointerId); } catch { /* the pointer is gone already */ }
    e.preventDefault();
    take(e, "began");
  });
  const follows = e => drag && !drag.release && e.pointerId === drag.id;
  document.addEventListener("pointermove", e => {
    if (!follows(e)) return;
    const samples = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    for (const s of samples.length ? samples : [e]) take(s, "changed");
  });
  document.addEventListener("pointerup", e => { if (follows(e)) take(e, "ended"); });
  document.addEventListener("pointercancel", e => { if (follows(e)) take(e, "cancelled"); });
  // A drag whose pointer the page no longer hears (the window lost focus, the capture was taken) ends
  // as a cancelled gesture at its last point, rather than following a pointer whose button is up.
  document.addEventListener("lostpointercapture", e => { if (follows(e)) take(e, "cancelled"); });
  window.addEventListener("blur", e => { if (drag && !drag.release) take(e, "cancelled"); });

  const plain = { play: api.play, seek: api.seek, progress: Object.getOwnPropertyDescriptor(api, "progress").get };
  api.play = function () { leave(); return plain.play.call(this); };
  api.seek = function (seconds) { leave(); return plain.seek.call(this, seconds); };
  Object.defineProperty(api, "progress", { get() { return drag ? this.drag.progress : plain.progress.call(this); } });
  api.drag = {
    /** Where the last drag is: idle (none since the page played or sought), dragging, finishing, cancelling, finished, cancelled. */
    get state() { return state(); },
    /** Seconds after the pointer went down that it lifted (by the events' times); null while it is down. */
    get releasedAt() { return drag && drag.release ? drag.release.t : null; },
    /** The drag's clock as a fraction of the transition's duration, 0 to 1. */
    get progress() { return drag ? Math.min(Math.max(clockAt(drag.now) / rule.duration, 0), 1) : 0; },
    /** Holds the drag's playback `seconds` after the pointer went down (its settling no longer follows the clock). */
    seek(seconds) {
      if (!drag) return;
      drag.held = true;
      drag.now = Number(seconds) || 0;
      show(clockAt(drag.now));
    },
  };
})();
