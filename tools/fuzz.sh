#!/usr/bin/env bash
# Fuzzes every reader a person can feed (tests/fuzz): scenario files, tile maps with their
# legends, fog-of-war scripts, fog-of-war state files and 40kdc-data, each with libFuzzer
# under AddressSanitizer and UndefinedBehaviorSanitizer, built with clang under build-fuzz/.
#   tools/fuzz.sh [SECONDS] [NAME...]   each harness for SECONDS (default 60); NAME is
#                                       scenario, tilemap, fog_script, fog_state or kdc
#   tools/fuzz.sh --runs N [NAME...]    each for N executions instead
# FUZZ_SEED=N makes a run repeatable (CI: the same inputs every time from the same corpus).
# The corpus grows in build-fuzz/corpus/NAME, seeded from scenarios/ and tests/fuzz/seeds/;
# a crash, a hang (10 s) or a sanitizer report stops the run, keeps the input in
# build-fuzz/crashes/ and fails the script. Installs clang and libFuzzer when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/packages.sh

limit=(-max_total_time=60)
if [ "${1:-}" = --runs ]; then
  limit=(-runs="$2")
  shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  limit=(-max_total_time="$1")
  shift
fi
names=("$@")
if ((${#names[@]} == 0)); then names=(scenario tilemap fog_script fog_state kdc); fi

ensure_packages clang libclang-rt-14-dev llvm
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIGHTLINE_FUZZ=ON \
  -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz --parallel "$(nproc)" --target fuzzers

# Seeds: the project's own files of each kind, and the hand-made ones (bad files among them).
seed() {
  local name=$1
  shift
  mkdir -p "build-fuzz/corpus/$name"
  local f
  for f in "$@"; do
    [ -f "$f" ] && cp -n "$f" "build-fuzz/corpus/$name/seed-$(basename "$f")"
  done
  for f in tests/fuzz/seeds/"$name"/*; do cp -n "$f" "build-fuzz/corpus/$name/seed-$(basename "$f")"; done
}
shopt -s globstar nullglob
# (Of the 46 official layouts, 100-200 KB each, the smallest only: big inputs slow every run.)
layouts=(scenarios/layouts/11e/*.sightline.json)
smallest=$(ls -S "${layouts[@]}" | tail -1)
seed scenario $(ls scenarios/**/*.sightline.json | grep -v '^scenarios/layouts/') "$smallest" tests/data/*.sightline.json
seed tilemap scenarios/maps/*.map
seed fog_script scenarios/maps/*.fog
seed fog_state
seed kdc

mkdir -p build-fuzz/crashes
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=()
for name in "${names[@]}"; do
  echo "== fuzz_$name"
  log="build-fuzz/fuzz_$name.log"
  if build-fuzz/tests/fuzz/fuzz_"$name" "${limit[@]}" -seed="${FUZZ_SEED:-0}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -dict="tests/fuzz/$name.dict" -artifact_prefix="build-fuzz/crashes/$name-" \
      "build-fuzz/corpus/$name" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE" "$log" || true
  else
    echo "fuzz_$name FAILED: see $log and build-fuzz/crashes/"
    tail -40 "$log"
    failed+=("$name")
  fi
done
if ((${#failed[@]})); then
  echo "failed: ${failed[*]}"
  exit 1
fi
