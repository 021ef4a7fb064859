#!/usr/bin/env bash
# The long check of the exact method against the independent reference: many more
# generated hard tables than ctest's 500, in batches, each batch's counts printed; exits
# non-zero when any batch finds a disagreement.
# Usage: tools/reference-run.sh [TABLES] [FIRST_SEED]   (after a build in build/)
# Default: 5000 tables (10,000 pairs) from seed 1001, past the seeds ctest uses.
set -uo pipefail
cd "$(dirname "$0")/.."
tables=${1:-5000}
first=${2:-1001}
batch=500
bin=build/tests/tst_reference
[ -x "$bin" ] || { echo "build first: $bin is missing" >&2; exit 2; }
status=0
for ((start = first; start < first + tables; start += batch)); do
    n=$(( first + tables - start < batch ? first + tables - start : batch ))
    echo "tables $start..$((start + n - 1))"
    out=$(SIGHTLINE_REFERENCE_TABLES=$n SIGHTLINE_REFERENCE_FIRST=$start "$bin" exactAgreesWithTheReferenceOnHardTables 2>&1)
    code=$?
    grep -E "pairs:|FAIL|said|witness" <<<"$out"
    [ "$code" -eq 0 ] || status=1
done
[ "$status" -eq 0 ] && echo "no disagreement" || echo "DISAGREEMENTS (see above)"
exit $status
