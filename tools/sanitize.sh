#!/usr/bin/env bash
# Builds Sightline with sanitizers under build-SANITIZERS/ and runs every test under them:
#   tools/sanitize.sh            AddressSanitizer and UndefinedBehaviorSanitizer
#   tools/sanitize.sh thread     ThreadSanitizer (the threads of layout analysis, unit
#                                rulings and fog of war off the GUI thread; tools/tsan.supp
#                                holds the races inside Qt's own libraries it cannot see through)
# A report fails the test that made it. Run tools/setup.sh once first (the packages).
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-address}
case "$kind" in
  address) sanitizers="address;undefined"; dir=build-asan ;;
  thread)  sanitizers="thread"; dir=build-tsan ;;
  *) echo "usage: $0 [address|thread]" >&2; exit 2 ;;
esac
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIGHTLINE_SANITIZE="$sanitizers"
cmake --build "$dir" --parallel "$(nproc)"
# Leaks are reported at exit too; any report fails the test.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/tools/tsan.supp}
if [ "$kind" = thread ]; then
  # Every suite with threads (the maps, unit rulings and fog of war off the GUI thread, the
  # window, the CLI's analyses, the benchmark's window drag); the two long single-threaded
  # reference checks are left to the other builds. Test functions get an hour: code under
  # ThreadSanitizer runs several times slower.
  export QTEST_FUNCTION_TIMEOUT=3600000
  ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" --timeout 3600 -E '^(tst_reference|tst_band_end)$'
else
  ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" --timeout 1800
fi
