#!/usr/bin/env bash
# ThreadSanitizer over the tests that run threads (docs/architecture.md, "Unsafe code"):
#   scripts/tsan.sh [FILTER]      default: every class below
# Builds the tests with -sanitize=thread in their own folder, .build-tsan (debug), and runs the classes
# that exercise the render workers (RenderWork), the encoders' ordered jobs, the preview's session and
# server, interrupts and signals, and the watchdog, including the `animhost` processes they start (built
# with the sanitizer too). A data race fails the run (the sanitizer's exit status, 66) and is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
classes=(
  RenderWorkTests OrderedJobsTests RenderSinkTests EncoderTests                # render threads, encoders' jobs
  PreviewServerTests PreviewSupersedeTests PreviewMemoryTests WatchedFilesTests  # preview session and server
  InterruptTests DeadlinePlaceTests                                            # signals, deadlines (processes)
  SandboxIntegrityTests SceneDelegateTests SandboxTests SteppedRunTests         # the watchdog, interrupts
)
# A class renamed or removed must not drop out of the run unnoticed.
for c in "${classes[@]}"; do
  grep -rqE "class $c\b" Tests || { echo "tsan.sh: no test class $c in Tests/: update the list" >&2; exit 1; }
done
filter="${1:-$(IFS='|'; echo "${classes[*]}")}"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-swift-testing --filter "$filter"
