#!/usr/bin/env bash
# Builds Sightline with sanitizers under build-SANITIZERS/ and runs every test under them:
#   tools/sanitize.sh            AddressSanitizer and UndefinedBehaviorSanitizer
#   tools/sanitize.sh thread     ThreadSanitizer (the threads of layout analysis, unit
#                                rulings and fog of war off the GUI thread)
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
# A test function may take longer than QtTest's five minutes under a sanitizer (tst_reference's
# hard tables took 300 s under AddressSanitizer beside tst_golden): half an hour, as ctest's
# limit per suite below.
export QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-1800000}
# The slowest random checks draw a quarter of their tables, cells and lines (tests/share.h):
# under the sanitizers the code runs 5 to 10 times slower, and the whole of every suite took
# 34 minutes of a 90-minute CI run. The Release suite draws them all.
# SIGHTLINE_TEST_SHARE=1 tools/sanitize.sh runs the whole here too (tst_reference then has
# an hour: tests/CMakeLists.txt).
export SIGHTLINE_TEST_SHARE=${SIGHTLINE_TEST_SHARE:-0.25}
# Leaks are reported at exit too; any report fails the test.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# ThreadSanitizer: Qt's libraries are not instrumented and their QMutex and QThread::wait
# use futexes it cannot see, so it took QtTest's own watchdog thread, joined at exit, for a
# race in every suite. ignore_noninstrumented_modules keeps it to what our code does (the
# libraries' calls it intercepts, there, report nothing). die_after_fork=0: a suite that
# runs a program (QProcess: pdftotext, the CLI) forks with threads alive, which
# ThreadSanitizer otherwise refuses although the child only execs.
# Left out of the thread run: tst_reference, which starts no thread and a test function of
# which takes longer under it than QtTest's five minutes; and tst_gui and bench_smoke (its
# window-lag case drives the board view), whose threads are the window's QtConcurrent jobs:
# Qt's pool takes a job over through futexes ThreadSanitizer cannot see, so it reports every
# job's first reads of what was made for it (all 101 reports of a tst_gui run were such
# hand-overs). The engine's threads those jobs run (the rulings' pairs, the maps' cells, a
# side's view) are checked by the suites that stay (tst_golden, tst_analysis, tst_cli).
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:die_after_fork=0}
skip=()
if [ "$kind" = thread ]; then skip=(-E '^(tst_reference|tst_gui|bench_smoke)$'); fi
ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" --timeout 1800 "${skip[@]}"
