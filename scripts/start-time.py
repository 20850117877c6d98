#!/usr/bin/env python3
"""Times commands' cold starts side by side: runs each command once per round, the commands interleaved
so that a change of the machine's load falls on all of them alike, and prints each one's best and
median wall time. Commands are given as shell words in one argument each.

usage: scripts/start-time.py [--rounds N] 'COMMAND' ['COMMAND' ...]
  e.g. scripts/start-time.py "true" "lua5.4 -e ''" ".build/release/animhost list"
"""
import shlex, statistics, subprocess, sys, time

args = sys.argv[1:]
rounds = 30
if args[:1] == ["--rounds"]:
    rounds, args = int(args[1]), args[2:]
if not args:
    sys.exit(__doc__)
commands = [shlex.split(c) for c in args]
times = [[] for _ in commands]
for _ in range(rounds):
    for i, command in enumerate(commands):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        times[i].append((time.perf_counter() - start) * 1000)
for text, t in zip(args, times):
    print(f"{min(t):7.1f} ms best {statistics.median(t):7.1f} ms median  {text}")
