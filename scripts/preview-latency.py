#!/usr/bin/env python3
"""Measures animhost preview's save-to-event time: starts `animhost preview` on a copy of a plugin,
subscribes to /events, appends a comment to the plugin N times and reports how long each `run`
event took to arrive after the save (the poll that notices the save, plus the run), and how long
the run's first and last PNG frames took to be served after the save (drawn after the event).

usage: scripts/preview-latency.py [ANIMHOST] [PLUGIN.lua] [SAVES]
       (defaults: .build/debug/animhost, Plugins/zoom.lua, 10)
"""
import http.client, json, os, re, shutil, socket, statistics, subprocess, sys, tempfile, time


def get(port, path):
    """The status and body of GET `path` from the preview."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    reply = (response.status, response.read())
    connection.close()
    return reply

animhost = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/animhost")
source = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "Plugins/zoom.lua")
saves = int(sys.argv[3]) if len(sys.argv) > 3 else 10
work = tempfile.mkdtemp(prefix="animhost-latency-")
plugin = os.path.join(work, os.path.basename(source))
shutil.copy(source, plugin)
server = subprocess.Popen([animhost, "preview", plugin, "--port", "0"], stdout=subprocess.PIPE, text=True, cwd=work)
try:
    port = None
    while port is None:
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        port = int(match.group(1)) if match else None
    events = socket.create_connection(("127.0.0.1", port), timeout=30)
    events.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    buffer = b""

    def next_event():
        global buffer
        while True:
            found = re.search(rb"event: run\ndata: (\{[^\n]*\})\n\n", buffer)
            if found:
                buffer = buffer[found.end():]
                return found.group(1)
            buffer += events.recv(65536)

    next_event()  # the latest run, sent on connecting
    times, first, last = [], [], []
    for i in range(saves):
        with open(plugin, "a") as f:
            f.write(f"-- save {i}\n")
        start = time.monotonic()
        status = json.loads(next_event())
        times.append((time.monotonic() - start) * 1000)
        version = status["version"]
        if status["ok"] and get(port, f"/frames/0.png?v={version}")[0] == 200:  # as the page asks for them
            first.append((time.monotonic() - start) * 1000)
            count = len(json.loads(get(port, f"/timeline.json?v={version}")[1])["frames"])
            if get(port, f"/frames/{count - 1}.png?v={version}")[0] == 200:
                last.append((time.monotonic() - start) * 1000)
        time.sleep(0.2)
    print(f"{saves} saves of {os.path.basename(source)}: save → run event "
          f"min {min(times):.0f} ms, median {statistics.median(times):.0f} ms, max {max(times):.0f} ms")
    for label, served in (("first frame", first), ("last frame", last)):
        if served:
            print(f"save → {label} served: min {min(served):.0f} ms, median {statistics.median(served):.0f} ms")
finally:
    server.send_signal(2)
    server.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)
