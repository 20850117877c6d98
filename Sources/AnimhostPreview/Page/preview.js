// The preview page: follows /events, shows the latest good frames, the error of a failed run, the
// run's settings and params, and the motion curves of one node (with a pinned run to compare), with
// axes and units; plays at a chosen speed, steps frame by frame and zooms, from the keyboard too.
"use strict";
const $ = (id) => document.getElementById(id);
const properties = ["x", "y", "width", "height", "alpha", "scale", "rotation"];
/// Each property's unit, as the axes name it.
const units = { x: "pt", y: "pt", width: "pt", height: "pt", alpha: "", scale: "×", rotation: "°" };
let timeline = null, pinned = null, shownVersion = 0, frame = 0, timer = null, stateLoaded = false;
/// The token the server gave this page: every change of settings carries it.
const token = document.querySelector('meta[name="animhost-token"]').content;

/// A new `tag` element with `attributes` and a `text` child. Every string from a plugin, a scene or a
/// run reaches the page this way or through textContent: never as markup (no innerHTML).
function element(tag, attributes, text) {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, String(value));
  if (text !== undefined) e.textContent = text;
  return e;
}

/// The label and input of one declared param: a checkbox, a number or a text field by its default's type.
function paramField(p) {
  const input = p.type === "boolean"
    ? element("input", { type: "checkbox" })
    : element("input", { type: p.type === "number" ? "number" : "text", step: "any" });
  input.dataset.param = p.name;
  if (p.type === "boolean") input.checked = String(p.value) === "true"; else input.value = String(p.value);
  const label = element("label", {}, `${p.name} `);
  label.append(input);
  return label;
}

/// The value of `property` for a node sample of the timeline.
function measure(node, property) {
  const [x, y, w, h] = node.frame, [a, b] = node.transform;
  switch (property) {
    case "x": return x;
    case "y": return y;
    case "width": return w;
    case "height": return h;
    case "alpha": return node.alpha;
    case "scale": return Math.hypot(a, b);
    case "rotation": return Math.atan2(b, a) * 180 / Math.PI;
  }
}

/// A node's key across frames: its scene, its id and whether it is a snapshot.
const keyOf = (n) => `${n.scene || ""}/${n.id}${n.snapshot ? " (snapshot)" : ""}`;

/// Each frame's nodes by key (the first of a key in a frame), so that a node's samples are found in
/// time linear in the frames, whatever the number of nodes.
function indexed(tl) {
  tl.byKey = tl.frames.map((f) => {
    const nodes = new Map();
    for (const n of f.nodes) if (!nodes.has(keyOf(n))) nodes.set(keyOf(n), n);
    return nodes;
  });
  return tl;
}

/// The samples (t, value) of `property` for the node `key` in timeline `tl` (made by `indexed`).
function series(tl, key, property) {
  const out = [];
  tl.frames.forEach((f, i) => {
    const n = tl.byKey[i].get(key);
    if (n) out.push([f.t, measure(n, property)]);
  });
  return out;
}

/// Central differences: the rate of change per second at each sample.
function velocity(points) {
  return points.map((p, i) => {
    const a = points[Math.max(0, i - 1)], b = points[Math.min(points.length - 1, i + 1)];
    return [p[0], b[0] > a[0] ? (b[1] - a[1]) / (b[0] - a[0]) : 0];
  });
}

/// Round steps (1, 2 or 5 × a power of ten) from `lo` to `hi`, about `count` of them: an axis's ticks.
function ticks(lo, hi, count) {
  const raw = (hi - lo) / count, power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-9));
  const out = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + step * 1e-9; i++) out.push(Number((i * step).toPrecision(12)));
  return out;
}

/// A tick's text: at most four significant digits, no trailing zeros.
const tickText = (v) => String(Number(v.toPrecision(4)));

/// Draws the axes of a plot in `box`: value ticks on the left (`range`'s values, in `unit`), velocity ticks
/// on the right, time ticks in seconds below; the ticks are also left on the canvas's data attributes.
function axes(ctx, box, range, speedRange, unit) {
  const [t0, t1, v0, v1] = range, [s0, s1] = speedRange;
  const ty = (v, lo, hi) => box.y + box.h - (hi > lo ? (v - lo) / (hi - lo) : 0.5) * box.h;
  const values = ticks(v0, v1, 4), speeds = ticks(s0, s1, 4), times = ticks(t0, t1, 5);
  ctx.font = "10px sans-serif"; ctx.lineWidth = 1;
  ctx.strokeStyle = "#3a3c40"; ctx.fillStyle = "#999";
  ctx.textAlign = "right";
  for (const v of values) {
    const y = ty(v, v0, v1);
    ctx.beginPath(); ctx.moveTo(box.x, y); ctx.lineTo(box.x + box.w, y); ctx.stroke();
    ctx.fillText(tickText(v), box.x - 3, y + 3);
  }
  ctx.textAlign = "left"; ctx.fillStyle = "#c88a3a";
  for (const v of speeds) ctx.fillText(tickText(v), box.x + box.w + 3, ty(v, s0, s1) + 3);
  ctx.textAlign = "center"; ctx.fillStyle = "#999";
  for (const t of times) {
    const x = box.x + (t1 > t0 ? (t - t0) / (t1 - t0) : 0) * box.w;
    ctx.beginPath(); ctx.moveTo(x, box.y + box.h); ctx.lineTo(x, box.y + box.h + 3); ctx.stroke();
    ctx.fillText(tickText(t), x, box.y + box.h + 13);
  }
  ctx.textAlign = "right"; ctx.fillText("s", box.x + box.w + 30, box.y + box.h + 13);
  ctx.textAlign = "left";
  ctx.strokeStyle = "#777"; ctx.strokeRect(box.x, box.y, box.w, box.h);
  Object.assign(ctx.canvas.dataset, { unit, valueTicks: values.map(tickText).join(" "), speedTicks: speeds.map(tickText).join(" "),
    timeTicks: times.map(tickText).join(" ") });
}

function plot(ctx, points, box, range, style, dash) {
  if (points.length === 0) return;
  const [t0, t1, v0, v1] = range;
  ctx.strokeStyle = style; ctx.setLineDash(dash || []); ctx.beginPath();
  points.forEach(([t, v], i) => {
    const x = box.x + (t1 > t0 ? (t - t0) / (t1 - t0) : 0) * box.w;
    const y = box.y + box.h - (v1 > v0 ? (v - v0) / (v1 - v0) : 0.5) * box.h;
    i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y);
  });
  ctx.stroke(); ctx.setLineDash([]);
}

function extent(lists) {
  let lo = Infinity, hi = -Infinity;
  for (const list of lists) for (const p of list) { lo = Math.min(lo, p[1]); hi = Math.max(hi, p[1]); }
  if (!isFinite(lo)) return [0, 1];
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

function drawCurves() {
  const area = $("curves");
  const key = $("node").value;
  if (!timeline || !key) { area.replaceChildren(); return; }
  if (area.children.length !== properties.length) {
    area.replaceChildren(...properties.map((p) => element("canvas", { width: 300, height: 150, "data-property": p })));
  }
  const tEnd = Math.max(timeline.frames.at(-1).t, pinned ? pinned.frames.at(-1).t : 0) || 1;
  const now = timeline.frames[Math.min(frame, timeline.frames.length - 1)].t;
  for (const canvas of area.children) {
    const property = canvas.dataset.property, ctx = canvas.getContext("2d");
    const box = { x: 40, y: 18, w: canvas.width - 80, h: canvas.height - 40 };
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const values = series(timeline, key, property), other = pinned ? series(pinned, key, property) : [];
    const speed = velocity(values);
    const [lo, hi] = extent([values, other]), [vlo, vhi] = extent([speed]);
    axes(ctx, box, [0, tEnd, lo, hi], [vlo, vhi], units[property]);
    ctx.fillStyle = "#ddd"; ctx.font = "11px sans-serif";
    const at = values.find((p) => p[0] >= now - 1e-9);
    const v = speed.find((p) => p[0] >= now - 1e-9);
    const unit = units[property], named = unit ? `${property} (${unit})` : `${property} (0–1)`;
    ctx.fillText(`${named}  ${at ? at[1].toFixed(2) : "–"}   v ${v ? v[1].toFixed(1) : "–"} ${unit}/s`, 4, 12);
    plot(ctx, other, box, [0, tEnd, lo, hi], "#777");
    plot(ctx, speed, box, [0, tEnd, vlo, vhi], "#f0a040", [3, 3]);
    plot(ctx, values, box, [0, tEnd, lo, hi], "#5aa9ff");
    const cx = box.x + (now / tEnd) * box.w;
    ctx.strokeStyle = "#fff"; ctx.beginPath(); ctx.moveTo(cx, box.y); ctx.lineTo(cx, box.y + box.h); ctx.stroke();
  }
  if (typeof drawTracks === "function" && area.dataset.tracked !== `${shownVersion}/${key}`) {  // inspect.js's, once loaded
    area.dataset.tracked = `${shownVersion}/${key}`;
    drawTracks();
  }
}

function show(i) {
  if (!timeline) return;
  frame = Math.max(0, Math.min(i, timeline.frames.length - 1));
  $("scrub").value = frame;
  $("frame").src = `/frames/${frame}.png?v=${shownVersion}`;
  const f = timeline.frames[frame];
  $("position").textContent = `frame ${frame} / ${timeline.frames.length - 1} · t = ${f.t.toFixed(3)} s`;
  if (pinned) {
    const p = pinned.frames[Math.min(frame, pinned.frames.length - 1)];
    $("pinned-frame").src = pinned.images[Math.min(frame, pinned.images.length - 1)];
    $("pinned-caption").textContent = `pinned: ${pinned.label} · t = ${p.t.toFixed(3)} s`;
  }
  drawCurves();
}

function fillNodes() {
  const select = $("node"), previous = select.value, seen = new Set();
  for (const nodes of timeline.byKey) for (const k of nodes.keys()) seen.add(k);
  const keys = [...seen];
  const moving = keys.filter((k) => ["x", "y", "width", "height"].some((p) => new Set(series(timeline, k, p).map((s) => s[1].toFixed(3))).size > 1));
  const movingKeys = new Set(moving), ordered = moving.concat(keys.filter((k) => !movingKeys.has(k)));
  const options = document.createDocumentFragment();
  for (const k of ordered) options.append(element("option", {}, k));
  select.replaceChildren(options);
  select.value = seen.has(previous) ? previous : ordered[0] || "";
}

/// GETs `path` as JSON: asynchronously, or (`now`) before returning, so that the first run is on the page
/// by its load event (what headless browsers capture).
async function getJSON(path, now) {
  if (!now) {
    const response = await fetch(path, { cache: "no-store" });
    return response.ok ? response.json() : null;
  }
  const request = new XMLHttpRequest();
  request.open("GET", path, false);
  request.send();
  return request.status === 200 ? JSON.parse(request.responseText) : null;
}

async function loadRun(version, now) {
  const loaded = await getJSON(`/timeline.json?v=${version}`, now);
  if (!loaded) return;
  timeline = indexed(loaded);
  shownVersion = version;
  document.body.dataset.version = String(version);
  document.body.dataset.frames = String(timeline.frames.length);
  $("scrub").max = timeline.frames.length - 1;
  $("summary").textContent = `${timeline.plugin} ${timeline.operation} · ${timeline.frames.length} frames at ${timeline.fps} fps · ${timeline.duration} s`;
  const outcome = !timeline.frames.some((f) => f.touch) ? "" : timeline.cancelled ? "cancelled" : timeline.completed ? "completed" : "not completed";
  $("outcome").textContent = outcome && `gesture: ${outcome}`;
  document.body.dataset.outcome = outcome || "none";
  zoom($("zoom").value);
  fillNodes();
  show(Math.min(frame, timeline.frames.length - 1));
  if (typeof keepScrubFrames === "function") keepScrubFrames();  // record.js's, once it is loaded
}

/// The state the page loaded with, used once by the first loadState instead of asking again (a plugin's
/// state may be megabytes of params).
let initialState = null;

async function loadState(now) {
  const state = initialState || await getJSON("/state.json", now);
  initialState = null;
  stateLoaded = true;
  window.interaction = state.interaction;
  window.calls = state.calls;
  window.animations = state.animations || [];
  window.animationCount = state.animationCount || 0;
  if (typeof drawTracks === "function") drawTracks();
  $("title").textContent = `animhost preview · ${state.plugin}`;
  $("operation").value = state.operation;
  $("fps").value = state.fps;
  $("gesture").value = state.gesture;
  $("debug").checked = state.debug;
  $("reducedMotion").checked = state.reducedMotion;
  const fields = document.createDocumentFragment();  // one by one: more params than a call takes arguments may come
  for (const p of state.params) fields.append(paramField(p));
  $("params").replaceChildren(fields);
  return state;
}

/// Shows a run's status (version 0 is the first run, still under way): the badge, the error, the
/// plugin's printed lines and traceback, and whether the frames shown are that run's or older ones.
function showStatus(status) {
  const failed = !status.ok && status.version !== 0;
  $("version").textContent = status.version === 0 ? "…" : status.version;
  $("badge").className = failed ? "failed" : "";
  document.body.dataset.status = status.ok ? "ok" : failed ? "failed" : "running";
  $("error").style.display = failed ? "block" : "none";
  $("error").textContent = failed ? status.error : "";
  const output = status.output || [], traceback = failed && status.traceback ? status.traceback : "";
  $("output").textContent = output.join("\n");
  $("traceback").textContent = traceback;
  $("console").className = `${output.length ? "has-output" : ""} ${traceback ? "has-traceback" : ""}`;
  latestVersion = status.version;
  caption();
}

let latestVersion = 0;
/// Labels the frame by its run: the latest one's, or the last good run's while a later one failed.
function caption() {
  const stale = shownVersion !== 0 && latestVersion !== shownVersion;
  document.body.dataset.stale = String(stale);
  $("caption").textContent = shownVersion === 0 ? "no run yet"
    : stale ? `run ${shownVersion}: the last good run (run ${latestVersion} failed)` : `run ${shownVersion}: latest`;
}

async function onRun(status, now) {
  showStatus(status);
  if (status.ok && status.version !== shownVersion) { await loadRun(status.version, now); await loadState(now); caption(); }
  else if (!stateLoaded) await loadState(now);
}

async function apply() {
  const settings = { operation: $("operation").value, fps: $("fps").value, gesture: $("gesture").value, debug: $("debug").checked,
    reducedMotion: $("reducedMotion").checked };
  for (const input of document.querySelectorAll("[data-param]")) {
    settings[`param.${input.dataset.param}`] = input.type === "checkbox" ? input.checked : input.value;
  }
  const headers = { "Content-Type": "application/json", "X-Animhost-Token": token };
  const response = await fetch("/params", { method: "POST", headers, body: JSON.stringify(settings) });
  const text = await response.text();
  notice(response.ok ? "" : `setting refused: ${text}`);
}

/// Shows `text` (a refused setting) apart from the run's status, which it does not change; "" hides it.
function notice(text) {
  $("notice").textContent = text;
  $("notice").style.display = text ? "block" : "none";
}

/// Keeps the current run (its timeline and its frames as images) to draw beside the next ones.
async function pin() {
  if (!timeline) return;
  const images = [];
  for (let i = 0; i < timeline.frames.length; i++) {
    const blob = await (await fetch(`/frames/${i}.png?v=${shownVersion}`)).blob();
    images.push(URL.createObjectURL(blob));
  }
  pinned = { frames: timeline.frames, byKey: timeline.byKey, images, label: `run ${shownVersion}, ${timeline.operation}` };
  $("pinned-figure").style.display = "block";
  show(frame);
}

/// Plays from the current frame at the chosen speed (0.1× to 2× of real time), or pauses.
function togglePlay() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶"; document.body.dataset.playing = "false"; return; }
  $("play").textContent = "❚❚";
  document.body.dataset.playing = "true";
  timer = setInterval(() => show(timeline && frame >= timeline.frames.length - 1 ? 0 : frame + 1),
    1000 / (((timeline && timeline.fps) || 60) * Number($("speed").value)));
}

/// Shows frame `i` paused: stepping stops the playback.
function step(i) {
  if (timer) togglePlay();
  show(i);
}

/// Sets the play speed to `value` (one of the list's), restarting the playback at it.
function setSpeed(value) {
  $("speed").value = value;
  if (timer) { togglePlay(); togglePlay(); }
}

/// Sizes the frames: "fit" to the page's height, or a zoom where 1 shows one point as one CSS pixel.
function zoom(value) {
  $("zoom").value = value;
  const fit = value === "fit", width = timeline ? timeline.size[0] * Number(value) : 0;
  for (const img of [$("frame"), $("pinned-frame")]) {
    img.style.height = fit || !timeline ? "" : "auto";
    img.style.width = fit || !timeline ? "" : `${width}px`;
    img.className = !fit && Number(value) >= 2 ? "zoomed" : "";
  }
}

/// The zoom one step in (`by` 1) or out (-1) from the current one.
function zoomStep(by) {
  const options = [...$("zoom").options].map((o) => o.value), value = $("zoom").value;
  const at = options.indexOf(value === "fit" ? "1" : value);  // from fit, as from 100 %
  zoom(options[Math.max(1, Math.min(options.length - 1, at + by))]);
}

/// The keyboard: space plays, the arrows step a frame (with shift ten), Home and End go to either end,
/// [ and ] change the speed, - and + the zoom. Keys typed into a field stay the field's, and a focused
/// button keeps its space and Enter.
function onKey(e) {
  if (e.target.closest && e.target.closest("input, select, textarea")) return;
  if (e.target.closest && e.target.closest("button") && (e.key === " " || e.key === "Enter")) return;  // the button's own click
  if (e.ctrlKey || e.metaKey || e.altKey || !timeline) return;
  const speeds = [...$("speed").options].map((o) => o.value), at = speeds.indexOf($("speed").value);
  const actions = {
    " ": togglePlay, ArrowRight: () => step(frame + (e.shiftKey ? 10 : 1)), ArrowLeft: () => step(frame - (e.shiftKey ? 10 : 1)),
    ".": () => step(frame + 1), ",": () => step(frame - 1), Home: () => step(0), End: () => step(timeline.frames.length - 1),
    "[": () => setSpeed(speeds[Math.max(0, at - 1)]), "]": () => setSpeed(speeds[Math.min(speeds.length - 1, at + 1)]),
    "-": () => zoomStep(-1), "+": () => zoomStep(1), "=": () => zoomStep(1),
  };
  if (!actions[e.key]) return;
  e.preventDefault();
  actions[e.key]();
}

$("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
$("node").addEventListener("change", drawCurves);
$("apply").addEventListener("click", apply);
$("debug").addEventListener("change", apply);
$("pin").addEventListener("click", pin);
$("play").addEventListener("click", togglePlay);
$("back").addEventListener("click", () => step(frame - 1));
$("forward").addEventListener("click", () => step(frame + 1));
$("speed").addEventListener("change", (e) => setSpeed(e.target.value));
$("zoom").addEventListener("change", (e) => zoom(e.target.value));
$("frame").parentElement.parentElement.addEventListener("wheel", (e) => {
  if (!e.ctrlKey) return;
  e.preventDefault();
  zoomStep(e.deltaY < 0 ? 1 : -1);
}, { passive: false });
document.addEventListener("keydown", onKey);
const hash = location.hash.match(/frame=(\d+)/);
if (hash) frame = Number(hash[1]);
// The latest run first, before the load event (without waiting for the event stream), then every new one.
const initial = JSON.parse((() => { const r = new XMLHttpRequest(); r.open("GET", "/state.json", false); r.send(); return r.responseText; })());
initialState = initial;
(initial.ok || initial.served === 0 ? Promise.resolve() : loadRun(initial.served, true))
  .then(() => onRun({ version: initial.version, ok: initial.ok, error: initial.error, traceback: initial.traceback, output: initial.output }, true))
  .then(() => window.addEventListener("load", () => new EventSource("/events").addEventListener("run", (e) => onRun(JSON.parse(e.data)))));
