// The preview page: follows /events, shows the latest good frames, the error of a failed run, the
// run's settings and params, and the motion curves of one node (with a pinned run to compare).
"use strict";
const $ = (id) => document.getElementById(id);
const properties = ["x", "y", "width", "height", "alpha", "scale", "rotation"];
let timeline = null, pinned = null, shownVersion = 0, frame = 0, timer = null;
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
  return [lo, hi];
}

function drawCurves() {
  const area = $("curves");
  const key = $("node").value;
  if (!timeline || !key) { area.replaceChildren(); return; }
  if (area.children.length !== properties.length) {
    area.replaceChildren(...properties.map((p) => element("canvas", { width: 260, height: 110, "data-property": p })));
  }
  const tEnd = Math.max(timeline.frames.at(-1).t, pinned ? pinned.frames.at(-1).t : 0) || 1;
  const now = timeline.frames[Math.min(frame, timeline.frames.length - 1)].t;
  for (const canvas of area.children) {
    const property = canvas.dataset.property, ctx = canvas.getContext("2d");
    const box = { x: 4, y: 16, w: canvas.width - 8, h: canvas.height - 22 };
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const values = series(timeline, key, property), other = pinned ? series(pinned, key, property) : [];
    const speed = velocity(values);
    const [lo, hi] = extent([values, other]), [vlo, vhi] = extent([speed]);
    ctx.fillStyle = "#aaa"; ctx.font = "11px sans-serif";
    const at = values.find((p) => p[0] >= now - 1e-9);
    const v = speed.find((p) => p[0] >= now - 1e-9);
    ctx.fillText(`${property}  ${at ? at[1].toFixed(2) : "–"}  v ${v ? v[1].toFixed(1) : "–"}/s`, 4, 11);
    plot(ctx, other, box, [0, tEnd, lo, hi], "#777");
    plot(ctx, speed, box, [0, tEnd, vlo, vhi], "#f0a040", [3, 3]);
    plot(ctx, values, box, [0, tEnd, lo, hi], "#5aa9ff");
    const cx = box.x + (now / tEnd) * box.w;
    ctx.strokeStyle = "#fff"; ctx.beginPath(); ctx.moveTo(cx, box.y); ctx.lineTo(cx, box.y + box.h); ctx.stroke();
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
  fillNodes();
  show(Math.min(frame, timeline.frames.length - 1));
}

async function loadState(now) {
  const state = await getJSON("/state.json", now);
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

/// Shows a run's status; version 0 is the first run, still under way.
function showStatus(status) {
  const failed = !status.ok && status.version !== 0;
  $("version").textContent = status.version === 0 ? "…" : status.version;
  $("badge").className = failed ? "failed" : "";
  document.body.dataset.status = status.ok ? "ok" : failed ? "failed" : "running";
  $("error").style.display = failed ? "block" : "none";
  $("error").textContent = failed ? status.error : "";
}

async function onRun(status, now) {
  showStatus(status);
  if (status.ok && status.version !== shownVersion) { await loadRun(status.version, now); await loadState(now); }
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
  if (!response.ok) showStatus({ version: $("version").textContent, ok: false, error: text });
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

function togglePlay() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶"; return; }
  $("play").textContent = "❚❚";
  timer = setInterval(() => show(timeline && frame >= timeline.frames.length - 1 ? 0 : frame + 1), 1000 / ((timeline && timeline.fps) || 60));
}

$("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
$("node").addEventListener("change", drawCurves);
$("apply").addEventListener("click", apply);
$("debug").addEventListener("change", apply);
$("pin").addEventListener("click", pin);
$("play").addEventListener("click", togglePlay);
const hash = location.hash.match(/frame=(\d+)/);
if (hash) frame = Number(hash[1]);
// The latest run first, before the load event (without waiting for the event stream), then every new one.
const initial = JSON.parse((() => { const r = new XMLHttpRequest(); r.open("GET", "/state.json", false); r.send(); return r.responseText; })());
(initial.ok || initial.served === 0 ? Promise.resolve() : loadRun(initial.served, true))
  .then(() => onRun({ version: initial.version, ok: initial.ok, error: initial.error }, true))
  .then(() => window.addEventListener("load", () => new EventSource("/events").addEventListener("run", (e) => onRun(JSON.parse(e.data)))));
