#!/usr/bin/env bash
# random-edits.sh — issue 29's random edit sequence, with thousands of steps, by hand.
#
# Runs RandomEditSequenceTests (Tests/RexGenCoreTests/Incremental/RandomEditSequenceTests.swift): a project
# of fixtures, EnumSourceGenerator files and a modelled action tree, then random edits (cases, leaves,
# renames, typealiases, moved lines, racy same-size rewrites, files and a Sourcery file added or removed,
# references edited), each followed by an incremental run compared byte for byte with a from-scratch run,
# in the CLI's layout and the build plugin's. `swift test` runs 250 steps in each layout; this runs more,
# for one seed or for several in a row, and prints each layout's histogram of edits by path taken.
#
# Usage:
#   Scripts/random-edits.sh [STEPS] [SEED] [RUNS]
#
#   STEPS   steps in each layout (default 3000)
#   SEED    the first seed (default: the test's own, 2900001); "random" for one from the clock
#   RUNS    how many seeds to run, SEED, SEED+1, … (default 1); stops at the first that fails
#
# A failure prints the seed, the step, its edit, the command that replays it and the path of a log of
# every step (in the temporary directory). REXGEN_EDIT_VERBOSE=1 prints every step as it runs.
# Exits 0 when every run passed, 1 otherwise, 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

steps="${1:-3000}"
seed="${2:-2900001}"
runs="${3:-1}"
if [ "$seed" = "random" ]; then
    seed="$(date +%s%N | tail -c 10 | sed 's/^0*//')"
fi
case "$steps$runs$seed" in
    *[!0-9]*) echo "usage: $0 [STEPS] [SEED|random] [RUNS]" >&2; exit 2 ;;
esac

swift build --build-tests
for ((run = 0; run < runs; run++)); do
    current=$((seed + run))
    echo "== random edits: seed $current, $steps steps in each layout"
    set +e
    REXGEN_EDIT_STEPS="$steps" REXGEN_EDIT_SEED="$current" \
        swift test --skip-build --filter 'RandomEditSequenceTests/testRandomEdits' 2>&1 \
        | grep -v '^Test Suite\|^◇\|^↳\|^✔ Test run with 0 tests'
    status="${PIPESTATUS[0]}"
    set -e
    if [ "$status" != 0 ]; then
        echo "== seed $current failed" >&2
        exit 1
    fi
done
echo "== $runs run(s) of $steps steps in each layout passed (seeds $seed…$((seed + runs - 1)))"
