/// The fixed parts of `preview.html`: styles, controls and the player script around the frame data.
enum PreviewPage {
    static func head(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
        :root { color-scheme: light dark; font: 13px/1.4 system-ui, sans-serif; }
        body { margin: 0; display: flex; gap: 24px; padding: 24px; align-items: flex-start; flex-wrap: wrap; }
        h1 { font-size: 15px; margin: 0 0 12px; }
        #stage { background: #000; border-radius: 12px; overflow: hidden; box-shadow: 0 4px 24px #0004; line-height: 0; }
        #stage img { display: block; }
        #panel { flex: 1 1 320px; max-width: 520px; }
        .row { display: flex; gap: 8px; align-items: center; margin: 8px 0; }
        #scrub { flex: 1; }
        #status { font-variant-numeric: tabular-nums; }
        table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
        th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #8883; white-space: nowrap; }
        td.n { text-align: right; }
        tr.hidden { opacity: 0.45; }
        </style>
        </head>
        <body>
        <div id="stage"><img id="frame" alt="frame"></div>
        <div id="panel">
        <h1>\(title)</h1>
        <div class="row"><button id="play">Pause</button>
        <input id="scrub" type="range" min="0" value="0" step="1" aria-label="frame"></div>
        <div class="row" id="status"></div>
        <div class="row"><label>Speed <select id="speed"><option>0.1</option><option>0.25</option><option>0.5</option>
        <option selected>1</option><option>2</option></select></label>
        <label><input id="loop" type="checkbox" checked> Loop</label></div>
        <table><thead><tr><th>node</th><th>scene</th><th>opacity</th><th>x</th><th>y</th><th>w</th><th>h</th></tr></thead>
        <tbody id="nodes"></tbody></table>
        </div>

        """
    }

    static let tail = """
        <script>
        (() => {
          const img = document.getElementById("frame"), scrub = document.getElementById("scrub");
          const play = document.getElementById("play"), status = document.getElementById("status");
          const speed = document.getElementById("speed"), loop = document.getElementById("loop");
          const list = document.getElementById("nodes");
          img.width = RUN.width; img.height = RUN.height;
          scrub.max = String(FRAMES.length - 1);
          let index = 0, playing = true, clock = 0, last = null;
          const cell = (text, numeric) => {
            const td = document.createElement("td");
            td.textContent = text;
            if (numeric) td.className = "n";
            return td;
          };
          const fixed = (x) => (Math.round(x * 10) / 10).toString();
          function show(i) {
            index = Math.max(0, Math.min(FRAMES.length - 1, i));
            const f = FRAMES[index];
            img.src = f.src;
            scrub.value = String(index);
            status.textContent = `frame ${index} / ${FRAMES.length - 1} · t = ${f.t.toFixed(3)} s`;
            list.replaceChildren(...f.nodes.map(([id, scene, opacity, x, y, w, h, hidden, snapshot]) => {
              const tr = document.createElement("tr");
              if (hidden || opacity === 0) tr.className = "hidden";
              tr.append(cell(snapshot ? id + " (snapshot)" : id), cell(scene ?? ""), cell(opacity.toFixed(2), true),
                        cell(fixed(x), true), cell(fixed(y), true), cell(fixed(w), true), cell(fixed(h), true));
              return tr;
            }));
          }
          function setPlaying(on) {
            playing = on;
            play.textContent = on ? "Pause" : "Play";
            last = null;
            clock = FRAMES[index].t;
          }
          function tick(now) {
            if (playing && last !== null) {
              clock += (now - last) / 1000 * Number(speed.value);
              const end = FRAMES[FRAMES.length - 1].t;
              if (clock > end + 0.5) {
                if (loop.checked) clock = 0; else { show(FRAMES.length - 1); setPlaying(false); }
              }
              let i = 0;
              while (i + 1 < FRAMES.length && FRAMES[i + 1].t <= clock) i++;
              if (playing && i !== index) show(i);
            }
            last = now;
            requestAnimationFrame(tick);
          }
          play.addEventListener("click", () => {
            if (!playing && index === FRAMES.length - 1) show(0);
            setPlaying(!playing);
          });
          scrub.addEventListener("input", () => { show(Number(scrub.value)); setPlaying(false); });
          document.addEventListener("keydown", (e) => {
            if (e.key === " ") { e.preventDefault(); play.click(); }
            if (e.key === "ArrowRight") { show(index + 1); setPlaying(false); }
            if (e.key === "ArrowLeft") { show(index - 1); setPlaying(false); }
          });
          const start = /frame=(\\d+)/.exec(location.hash);
          show(start ? Number(start[1]) : 0);
          setPlaying(!start);
          requestAnimationFrame(tick);
        })();
        </script>
        </body>
        </html>

        """
}
