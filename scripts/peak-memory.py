#!/usr/bin/env python3
"""Runs a command and reports the peak resident memory of its whole process tree (the command and
every process it starts, e.g. animhost and the ffmpeg it feeds), summed over the processes alive
at each moment: /proc polled every 2 ms, so a peak shorter than that can be missed.

usage: scripts/peak-memory.py COMMAND [ARG...]
       (prints "peak tree RSS N MB" on stderr, then each program's own peak, e.g. "animhost 98 MB, ffmpeg 164 MB")
"""
import os, subprocess, sys, time

def children():
    """Each process's parent, from /proc."""
    parents = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    parents[int(pid)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                pass
    return parents

def name(pid):
    """The program a process runs, or "?" once it is gone."""
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return "?"

def rss(pid):
    """Resident kB of one process, or 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
    except OSError:
        return 0

if len(sys.argv) < 2:
    sys.exit(__doc__)
root = subprocess.Popen(sys.argv[1:])
peak, own = 0, {}
while root.poll() is None:
    parents, tree = children(), {root.pid}
    grew = True
    while grew:
        found = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= found
        grew = bool(found)
    sizes = {pid: rss(pid) for pid in tree}
    peak = max(peak, sum(sizes.values()))
    for pid, size in sizes.items():
        program = name(pid)
        own[program] = max(own.get(program, 0), size)
    time.sleep(0.002)
print(f"peak tree RSS {peak / 1024:.0f} MB", file=sys.stderr)
print(", ".join(f"{program} {size / 1024:.0f} MB" for program, size in sorted(own.items()) if program != "?"), file=sys.stderr)
sys.exit(root.returncode)
