#!/usr/bin/env python3
"""Times commands' cold starts side by side: runs each command once per round, the commands interleaved
so that a change of the machine's load falls on all of them alike, and prints each one's best and
median wall time, and the best and median of the CPU time it used (user and system, its own and its
children's), which a busy machine moves much less than the wall time. Commands are given as shell
words in one argument each.

usage: scripts/start-time.py [--rounds N] 'COMMAND' ['COMMAND' ...]
  e.g. scripts/start-time.py "true" "lua5.4 -e ''" ".build/release/animhost list"
"""
import os, shlex, statistics, subprocess, sys, time

args = sys.argv[1:]
rounds = 30
if args[:1] == ["--rounds"]:
    rounds, args = int(args[1]), args[2:]
if not args:
    sys.exit(__doc__)
commands = [shlex.split(c) for c in args]
wall = [[] for _ in commands]
cpu = [[] for _ in commands]
for _ in range(rounds):
    for i, command in enumerate(commands):
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall[i].append((time.perf_counter() - start) * 1000)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            sys.exit(f"start-time: '{args[i]}' exited with {child.returncode}")
        cpu[i].append((usage.ru_utime + usage.ru_stime) * 1000)
for text, w, c in zip(args, wall, cpu):
    print(f"{min(w):7.1f} ms best {statistics.median(w):7.1f} ms median wall, "
          f"{min(c):6.1f} ms best {statistics.median(c):6.1f} ms median CPU  {text}")
