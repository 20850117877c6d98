// The inspector's tracks: for the node chosen for the curves, a lane per property with a bar for each
// stretch of time its value moves (start, end and length in ms), and the run's completions, finishes and
// cancels marked at their times (from the run's call log, /state.json's `calls`).
"use strict";
/// The calls marked on the tracks.
const markedCalls = /^(complete\(|finish\(\)|cancel\(\)|presentation\.)/;

/// The stretches [start, end] (seconds) over which the samples `points` ([t, value]) change.
function spans(points) {
  const out = [];
  let open = null;
  for (let i = 1; i < points.length; i++) {
    const moving = Math.abs(points[i][1] - points[i - 1][1]) > 1e-6;
    if (moving && !open) open = [points[i - 1][0], points[i][0]];
    else if (moving) open[1] = points[i][0];
    else if (open) { out.push(open); open = null; }
  }
  if (open) out.push(open);
  return out;
}

/// Where time `t` lies across a lane of the run's `tEnd` seconds, as a CSS percentage.
const across = (t, tEnd) => `${((t / tEnd) * 100).toFixed(3)}%`;

/// A lane of `marks` (the calls at their times) over the whole run.
function markLane(marks, tEnd) {
  const lane = element("div", { class: "lane" });
  for (const m of marks) {
    const mark = element("div", { class: "mark", title: `${m.call} at ${m.t.toFixed(3)} s`, "data-call": m.call, "data-t": String(Number(m.t.toFixed(6))) });
    mark.style.left = across(m.t, tEnd);
    lane.append(mark);
  }
  return lane;
}

/// Draws the tracks of the node chosen for the curves.
function drawTracks() {
  const area = $("tracks"), key = $("node").value;
  if (!timeline || !key) { area.replaceChildren(); return; }
  const tEnd = timeline.frames.at(-1).t || 1, marks = (window.calls || []).filter((c) => markedCalls.test(c.call));
  const rows = document.createDocumentFragment();
  for (const property of properties) {
    const row = element("div", { class: "track", "data-track": property });
    const lane = markLane(marks, tEnd);
    for (const [start, end] of spans(series(timeline, key, property))) {
      const ms = Math.round((end - start) * 1000);
      const bar = element("div", { class: "bar", title: `${property}: ${start.toFixed(3)}–${end.toFixed(3)} s (${ms} ms)`,
        "data-start": String(Number(start.toFixed(6))), "data-end": String(Number(end.toFixed(6))) }, `${ms} ms`);
      bar.style.left = across(start, tEnd);
      bar.style.width = across(end - start, tEnd);
      lane.append(bar);
    }
    row.append(element("span", { class: "name" }, property), lane);
    rows.append(row);
  }
  const calls = element("div", { class: "track", "data-track": "calls" });
  calls.append(element("span", { class: "name" }, "calls"), markLane(marks, tEnd));
  for (const m of marks) calls.append(element("span", { class: "legend" }, ` ${m.call} ${m.t.toFixed(3)} s`));
  rows.append(calls);
  rows.append(declaredRows(key, tEnd));
  area.replaceChildren(rows);
}
/// A lane per animation the plugin declared on node `key` (`/state.json`'s `animations`): a bar from its
/// start for its duration, named by property, curve or spring and the plugin line that declared it; a
/// retarget (it took over a flight) marked at its start, and its flight's end and its block's completion marked.
function declaredRows(key, tEnd) {
  const rows = document.createDocumentFragment();
  for (const a of (window.animations || []).filter((a) => a.node === key)) {
    const row = element("div", { class: "track declared", "data-property": a.property });
    const lane = element("div", { class: "lane" });
    const where = a.origin ? ` · ${a.origin}` : "", ms = Math.round(a.duration * 1000);
    const text = `${a.property}${a.keyframes ? " keyframes" : ""} · ${Math.round(a.start * 1000)} ms + ${ms} ms · ${a.curve}${where}`;
    const bar = element("div", { class: `bar${a.retargets ? " retargets" : ""}${a.interactive ? " interactive" : ""}`,
      title: text + (a.retargets ? " · retargets a flight" : "") + (a.interactive ? " · on the gesture's clock" : ""),
      "data-start": String(a.start), "data-duration": String(a.duration), "data-curve": a.curve, "data-origin": a.origin || "",
      "data-retargets": String(a.retargets) }, text);
    bar.style.left = across(a.start, tEnd);
    const drawn = Math.min(a.duration, Math.max(tEnd - a.start, 0));
    bar.style.width = across(drawn, tEnd);
    // A flight cut short (replaced, stopped, reversed) is shaded past where it ended.
    if (a.ended && a.ended.how !== "ran" && !a.interactive && drawn > 0) {
      const cut = (100 * Math.max(0, Math.min(1, (a.ended.t - a.start) / drawn))).toFixed(3);
      bar.style.background = `linear-gradient(90deg, #4b7d3a ${cut}%, #2e3b2a ${cut}%)`;
    }
    lane.append(bar);
    if (a.ended) lane.append(declaredMark(`ended ${a.ended.how}`, a.ended.t, tEnd, a.ended.how));
    if (a.completed) lane.append(declaredMark(`completion(${a.completed.finished})`, a.completed.t, tEnd, a.completed.finished ? "finished" : "unfinished"));
    row.append(element("span", { class: "name" }, a.property), lane);
    rows.append(row);
  }
  const count = window.animationCount || 0, shown = (window.animations || []).length;
  if (count > shown) rows.append(element("div", { class: "legend" }, `the first ${shown} of ${count} declared animations are listed`));
  return rows;
}

/// A mark on a declared animation's lane: `what` at `t` seconds.
function declaredMark(what, t, tEnd, kind) {
  const mark = element("div", { class: `mark ${kind}`, title: `${what} at ${t.toFixed(3)} s`, "data-mark": kind, "data-t": String(t) });
  mark.style.left = across(t, tEnd);
  return mark;
}
if (timeline) drawTracks();
