#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (docs/security.md, "Fuzzing"):
#   scripts/fuzz.sh [TARGET|all] [SECONDS]      targets: scene gesture easing lua; default all, 30 s each
# Builds animhost-libfuzzer with -sanitize=fuzzer,address into .build-fuzz, then runs each target on one
# core for SECONDS, starting from the seeds in Fuzz/corpus/<target>/ with Fuzz/dictionaries/<target>.dict.
# Inputs it finds interesting go to .build-fuzz/corpus/<target>/ (the committed seeds are only read);
# a crash, a hang (-timeout), running out of memory or a broken promise saves the input under
# Fuzz/crashes/<target>/ and makes the script exit 1. FUZZ_FLAGS adds libFuzzer flags, e.g.
# FUZZ_FLAGS="-fork=1 -ignore_crashes=1" to keep going after a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(scene gesture easing lua)
which="${1:-all}"
seconds="${2:-30}"
if [ "$which" = "-h" ] || [ "$which" = "--help" ]; then sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
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

failed=()
for target in "${targets[@]}"; do
  work=".build-fuzz/corpus/$target"
  crashes="Fuzz/crashes/$target"
  mkdir -p "$work" "$crashes"
  dict=()
  [ -f "Fuzz/dictionaries/$target.dict" ] && dict=("-dict=Fuzz/dictionaries/$target.dict")
  echo "== $target: $seconds s"
  # shellcheck disable=SC2086
  if ! "$binary" --target="$target" "$work" "Fuzz/corpus/$target" "${dict[@]}" \
      -max_total_time="$seconds" -workers=1 -jobs=1 -timeout=20 -rss_limit_mb=2048 -max_len=4096 \
      -artifact_prefix="$crashes/" -print_final_stats=1 ${FUZZ_FLAGS:-} 2>"$work.log"; then
    failed+=("$target")
  fi
  grep -E "^(#[0-9]+\s+DONE|Done [0-9]+ runs|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY|FINDING)" "$work.log" || true
  echo "   corpus: $(find "$work" -type f | wc -l) inputs found, log: $work.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: findings in: ${failed[*]} (inputs under Fuzz/crashes/, logs under .build-fuzz/corpus/)" >&2
  exit 1
fi
