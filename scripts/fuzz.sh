#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (docs/security.md, "Fuzzing"):
#   scripts/fuzz.sh [TARGET|all] [SECONDS]      targets: scene gesture easing lua; default all, 30 s each
# Builds animhost-libfuzzer with -sanitize=fuzzer,address into .build-fuzz, then runs each target on one
# core for SECONDS, as many targets at once as there are cores (FUZZ_JOBS sets how many), starting from
# the seeds in Fuzz/corpus/<target>/ with Fuzz/dictionaries/<target>.dict.
# Every input once saved under Fuzz/crashes/<target>/ runs again first, as a regression test.
# Inputs it finds interesting go to .build-fuzz/corpus/<target>/ (the committed seeds are only read),
# logs to .build-fuzz/logs/<target>/; a crash, a hang (-timeout), running out of memory, a leak or a
# broken promise saves the input under Fuzz/crashes/<target>/ and makes the script exit 1. FUZZ_FLAGS adds libFuzzer flags, e.g.
# FUZZ_FLAGS="-fork=1 -ignore_crashes=1" to keep going after a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(scene gesture easing lua)
which="${1:-all}"
seconds="${2:-30}"
if [ "$which" = "-h" ] || [ "$which" = "--help" ]; then sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
if [ "$which" != "all" ]; then
  [[ " ${targets[*]} " == *" $which "* ]] || { echo "fuzz.sh: unknown target '$which' (expected all or one of: ${targets[*]})" >&2; exit 2; }
  targets=("$which")
fi
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: SECONDS must be a whole number of seconds, got '$seconds'" >&2; exit 2; }

# lld: gold cannot link an executable whose main SwiftPM renames when libFuzzer's runtime is linked too.
swift build -c release --scratch-path .build-fuzz --product animhost-libfuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DANIMHOST_LIBFUZZER -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
  2>&1 | grep -v -e "Cannot export local symbol" -e "prohibited flag" || true
binary=.build-fuzz/release/animhost-libfuzzer
[ -x "$binary" ] || { echo "fuzz.sh: the sanitizer build failed" >&2; exit 1; }

root="$(pwd)"
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# One target's run, on one core: its findings, if any, then its figures, into $logs/summary.txt;
# exit status 1 on a finding.
fuzz_one() {
  local target=$1
  local work=".build-fuzz/corpus/$target"
  local logs=".build-fuzz/logs/$target"   # libFuzzer writes its job's log, fuzz-0.log, where it runs
  local crashes="Fuzz/crashes/$target"
  local status=0
  rm -rf "$logs"
  mkdir -p "$work" "$logs" "$crashes"
  local dict=()
  [ -f "Fuzz/dictionaries/$target.dict" ] && dict=("-dict=$root/Fuzz/dictionaries/$target.dict")
  # The lua target leaves memory the process frees later (a watchdog's pending timer, a state kept
  # after its deadline): libFuzzer would take every input for a leak, run it twice and scan the heap.
  # Leaks are looked for once, when the process ends, instead.
  local per_target=()
  [ "$target" = lua ] && per_target=(-detect_leaks=0)
  # shellcheck disable=SC2086
  if ! (cd "$logs" && "$root/$binary" --target="$target" "$root/$work" "$root/Fuzz/corpus/$target" "$root/$crashes" "${dict[@]}" "${per_target[@]}" \
      -max_total_time="$seconds" -workers=1 -jobs=1 -timeout=20 -rss_limit_mb=2048 -max_len=4096 \
      -artifact_prefix="$root/$crashes/" -print_final_stats=1 ${FUZZ_FLAGS:-} >/dev/null 2>&1); then
    status=1
  fi
  {
    [ $status = 0 ] || grep -A12 -E "^==[0-9]+==ERROR|^FINDING|ALARM|out-of-memory" "$logs"/fuzz-*.log | head -60 || true
    grep -h -E "^(#[0-9]+\s+DONE|stat::number_of_executed_units|INFO: exiting)" "$logs"/fuzz-*.log || true
    echo "   corpus: $(find "$work" -type f | wc -l) inputs, log: $logs/fuzz-0.log"
  } >"$logs.summary"
  return $status
}

# Targets run side by side, one a core (FUZZ_JOBS, default the cores there are), each for SECONDS;
# their reports are printed in the targets' order.
jobs="${FUZZ_JOBS:-$(nproc)}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: FUZZ_JOBS must be a whole number, got '$jobs'" >&2; exit 2; }
failed=()
for ((start = 0; start < ${#targets[@]}; start += jobs)); do
  batch=("${targets[@]:start:jobs}")
  pids=()
  for target in "${batch[@]}"; do
    fuzz_one "$target" &
    pids+=($!)
  done
  for i in "${!batch[@]}"; do
    target=${batch[$i]}
    wait "${pids[$i]}" || failed+=("$target")
    echo "== $target: $seconds s"
    cat ".build-fuzz/logs/$target.summary"
  done
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: findings in: ${failed[*]} (inputs under Fuzz/crashes/, logs under .build-fuzz/logs/)" >&2
  exit 1
fi
