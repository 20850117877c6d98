// Recording a gesture with the hand: press on the frame and drag (mouse, pen or touch). The frame
// follows the finger live: the page reads the travel by the plugin's own rule (its `interaction` axis
// and distance, as the host does) and shows the non-interactive run's frame at that progress; on
// release it says whether the rule finishes or cancels, sends the trace to the server, which saves it
// (as /gesture.json and `--record FILE`) in the format `--gesture` reads and runs it: the page then
// plays that run and says whether it completed or was cancelled. A click that does not move selects
// the node under it for the curves; "Copy as command line" gives the run's `animhost run` command.
"use strict";
/// How far back the release velocity looks, and how close to a side an edge swipe begins (the host's).
const velocityWindow = 0.05, edgeWidth = 20, maxSamples = 100000;
/// The frames the finger scrubs: the latest non-interactive run's, as images held by the page.
let scrubbed = null;
/// The gesture under way: its pointer, the time origin, its samples and its direction once shown.
let recording = null;

/// A sample of pointer event `e` on the frame: seconds since the press, position in the scene's points.
function sampleOf(e, state) {
  const img = $("frame"), box = img.getBoundingClientRect(), size = (scrubbed || timeline).size;
  const round = (v, digits) => Number(v.toFixed(digits));
  const previous = recording.samples.at(-1);
  const t = Math.max(round((e.timeStamp - recording.t0) / 1000, 6), previous ? previous.t : 0);
  const x = (e.clientX - box.left - img.clientLeft) / img.clientWidth, y = (e.clientY - box.top - img.clientTop) / img.clientHeight;
  const sample = { t, x: round(x * size[0], 3), y: round(y * size[1], 3) };
  if (state) sample.state = state;
  return sample;
}

/// The direction progress is read along, by the rule's axis, as the host finds it: a direction axis's
/// own; a left (right) edge swipe's rightwards (leftwards) unless the axis is vertical; else the way the
/// gesture first moved (along the axis, when one is given). Null until the gesture has moved.
function direction(translation, edge, axis) {
  const fixed = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[axis];
  if (fixed) return fixed;
  const [tx, ty] = translation;
  if (axis === "vertical") return ty === 0 ? null : [0, Math.sign(ty)];
  if (edge === "left") return [1, 0];
  if (edge === "right") return [-1, 0];
  if (axis === "horizontal") return tx === 0 ? null : [Math.sign(tx), 0];
  if (tx === 0 && ty === 0) return null;
  return Math.abs(ty) > Math.abs(tx) ? [0, Math.sign(ty)] : [Math.sign(tx), 0];
}

/// Adds `sample` to the gesture, finding its direction at the first sample that shows it (the host keeps it from there).
function push(sample) {
  const samples = recording.samples, rule = window.interaction || {};
  samples.push(sample);
  if (recording.direction) return;
  const first = samples[0], size = (scrubbed || timeline).size;
  const edge = first.x <= edgeWidth ? "left" : first.x >= size[0] - edgeWidth ? "right" : null;
  recording.direction = direction([sample.x - first.x, sample.y - first.y], edge, rule.axis);
}

/// Progress (unclamped) and the speed along the direction at the latest sample, as the host derives them.
function reading() {
  const samples = recording.samples, first = samples[0], last = samples.at(-1), rule = window.interaction || {};
  const size = (scrubbed || timeline).size;
  const translation = [last.x - first.x, last.y - first.y];
  const [dx, dy] = recording.direction || (rule.axis === "vertical" ? [0, 1] : [1, 0]);
  const distance = rule.distance || Math.max(dx !== 0 ? size[0] : size[1], 1);
  let start = samples.length - 1;
  while (start > 0 && last.t - samples[start - 1].t <= velocityWindow) start--;
  let oldest = samples[start];
  if (oldest.t === last.t && samples.length > 1) oldest = samples[samples.length - 2];
  const dt = last.t - oldest.t;
  const speed = dt > 0 ? (((last.x - oldest.x) * dx + (last.y - oldest.y) * dy) / dt) : 0;
  return { progress: (translation[0] * dx + translation[1] * dy) / distance, speed };
}

/// Whether the rule finishes a gesture released (or cancelled by the system) as read.
function finishes(read, cancelled) {
  const rule = window.interaction || {};
  if (cancelled && rule.cancelledGesture !== "decide") return false;
  return read.progress > (rule.finishProgress ?? 0.33) || read.speed > (rule.finishVelocity ?? 1000);
}

/// Shows the scrubbed run's frame at `progress` of its duration (clamped to 0…1), as `ctx:update` scrubs.
function follow(progress) {
  const source = scrubbed || { duration: timeline.duration, fps: timeline.fps, images: null, count: timeline.frames.length };
  const p = Math.min(Math.max(progress, 0), 1);
  const index = Math.min(Math.round(p * source.duration * source.fps), source.count - 1);
  $("frame").src = source.images ? source.images[index] : `/frames/${index}.png?v=${shownVersion}`;
  document.body.dataset.followed = String(index);
  $("gesture-status").textContent = `following: ${(p * 100).toFixed(0)} % · frame ${index}`;
}

function onDown(e) {
  if (!timeline || recording || (e.pointerType === "mouse" && e.button !== 0)) return;
  e.preventDefault();
  $("frame").setPointerCapture(e.pointerId);
  $("frame").classList.add("dragging");
  if (timer) togglePlay();
  recording = { pointer: e.pointerId, t0: e.timeStamp, samples: [], direction: null };
  push(sampleOf(e, "began"));
  follow(reading().progress);
}

function onMove(e) {
  if (!recording || e.pointerId !== recording.pointer) return;
  const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
  for (const c of events.length ? events : [e]) if (recording.samples.length < maxSamples - 1) push(sampleOf(c));
  follow(reading().progress);
}

/// The topmost shown node of the frame on screen under `point` (in points): inside its box on screen and
/// inside its frame turned by its own transform about its centre (the timeline's `transform`).
function nodeAt(point) {
  const nodes = timeline.frames[frame].nodes;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i], [bx, by, bw, bh] = n.bbox;
    if (n.hidden || n.opacity <= 0 || point.x < bx || point.y < by || point.x > bx + bw || point.y > by + bh) continue;
    const [x, y, w, h] = n.frame, [a, b, c, d, tx, ty] = n.transform, det = a * d - b * c;
    if (Math.abs(det) < 1e-12) continue;
    const qx = point.x - (x + w / 2) - tx, qy = point.y - (y + h / 2) - ty;
    const u = (d * qx - c * qy) / det, v = (a * qy - b * qx) / det;
    if (Math.abs(u) <= w / 2 + 1e-9 && Math.abs(v) <= h / 2 + 1e-9) return n;
  }
  return null;
}

/// A click (a press that did not move): selects the node under it for the curves.
function select(sample) {
  const node = nodeAt(sample);
  if (!node) return;
  $("node").value = keyOf(node);
  document.body.dataset.selected = keyOf(node);
  $("gesture-status").textContent = `selected ${keyOf(node)}`;
  drawCurves();
}

async function onUp(e) {
  if (!recording || e.pointerId !== recording.pointer) return;
  const first = recording.samples[0], up = sampleOf(e);
  if (e.type === "pointerup" && [...recording.samples, up].every((s) => s.x === first.x && s.y === first.y)) {
    recording = null;  // a click: it selects, and records nothing
    $("frame").classList.remove("dragging");
    show(frame);
    return select(first);
  }
  const cancelled = e.type === "pointercancel";
  push(sampleOf(e, cancelled ? "cancelled" : "ended"));
  const read = reading(), finish = finishes(read, cancelled), samples = recording.samples;
  recording = null;
  $("frame").classList.remove("dragging");
  const custom = window.interaction && window.interaction.custom ? " (the plugin's interact decides)" : "";
  document.body.dataset.predicted = finish ? "completed" : "cancelled";
  $("gesture-status").textContent = `released at ${(Math.min(Math.max(read.progress, 0), 1) * 100).toFixed(0)} %, ${read.speed.toFixed(0)} pt/s: `
    + `${finish ? "finishes" : "cancels"}${custom} · ${samples.length} samples over ${samples.at(-1).t.toFixed(3)} s · running it…`;
  const headers = { "Content-Type": "application/json", "X-Animhost-Token": token };
  const response = await fetch("/gesture", { method: "POST", headers, body: JSON.stringify({ samples }) });
  const text = await response.text();
  if (!response.ok) { notice(`gesture refused: ${text}`); return; }
  notice("");
  $("gesture").value = (await getJSON("/state.json")).gesture;
  $("download").hidden = false;
  $("gesture-status").textContent += " saved.";
  document.body.dataset.recorded = String(JSON.parse(text).version);
}

/// Keeps the frames of a non-interactive run as images for the finger to scrub; an interactive run
/// (a gesture was set) keeps the ones before it.
async function keepScrubFrames() {
  if (!timeline || timeline.frames.some((f) => f.touch)) return;
  const version = shownVersion, images = [];
  for (let i = 0; i < timeline.frames.length; i++) {
    const response = await fetch(`/frames/${i}.png?v=${version}`);
    if (!response.ok || version !== shownVersion) return;
    images.push(URL.createObjectURL(await response.blob()));
  }
  if (scrubbed) scrubbed.images.forEach((u) => URL.revokeObjectURL(u));
  scrubbed = { size: timeline.size, duration: timeline.duration, fps: timeline.fps, count: images.length, images };
  document.body.dataset.scrubbable = String(version);
}

/// The run's settings as an `animhost run` command line, each value quoted for a POSIX shell.
function commandLine(state) {
  const quote = (v) => /^[A-Za-z0-9_.,:=\/+-]+$/.test(String(v)) ? String(v) : `'${String(v).replace(/'/g, "'\\''")}'`;
  const words = ["animhost", "run", quote(state.plugin)];
  if (state.from) words.push("--from", quote(state.from));
  if (state.to) words.push("--to", quote(state.to));
  words.push("--operation", state.operation, "--fps", String(state.fps));
  for (const p of state.params) if (String(p.value) !== String(p.default)) words.push("--param", quote(`${p.name}=${p.value}`));
  if (state.gesture) words.push("--gesture", quote(state.gesture));
  if (state.reducedMotion) words.push("--reduced-motion");
  if (state.debug) words.push("--debug");
  return words.join(" ");
}

/// Puts the command line of the current settings in its field and on the clipboard.
async function copyCommand() {
  const text = commandLine(await getJSON("/state.json"));
  $("command").value = text;
  $("command").select();
  await navigator.clipboard.writeText(text).catch(() => {});  // the field holds it when the clipboard is refused
}

keepScrubFrames();
$("copy").addEventListener("click", copyCommand);
$("frame").addEventListener("pointerdown", onDown);
$("frame").addEventListener("pointermove", onMove);
$("frame").addEventListener("pointerup", onUp);
$("frame").addEventListener("pointercancel", onUp);
$("frame").addEventListener("dragstart", (e) => e.preventDefault());
