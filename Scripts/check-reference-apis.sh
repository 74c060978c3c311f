#!/usr/bin/env bash
# check-reference-apis.sh — does RexGen's generated code compile, and behave, against the real libraries?
#
# The test suite compiles generated code against stand-ins written from the libraries' APIs, so it needs
# nothing outside the repository. This script does the same against the real sources in
# ../shared/reference-apis (SwiftRex 0.8.8 with CombineRex, CombineFeedback master and 0.7.0, ReactiveFeedback
# 0.10.0, Reactor 1.0.0, over OpenCombine and ReactiveSwift; see its README), in the Swift 6 and Swift 5
# language modes, warnings as errors:
#   1. SwiftRex: the lift fixture's app, with its feature built as a module of its own, is type-checked,
#      then compiled with the lift driver and run (the driver's `IO._run` hook is the real `IO.runIO`,
#      reached with `@testable import`: a debug build of reference-apis allows it; the driver calls the
#      deprecated `receiveContext`, so warnings are allowed there); the effect-middleware (Game) and Shapes
#      fixtures are type-checked.
#   2. CombineFeedback master and ReactiveFeedback: the Feedback and FeedbackExample fixtures' pullbacks
#      are type-checked (their drivers build feedbacks the stand-ins' simpler way, so they are not run here).
#   3. Reactor: the feature module and the game are compiled with the Reactor driver and run, with and
#      without `-D DEBUG`; the ReactorShapes, ReactorNames and ReactorOwnState fixtures are type-checked.
#   4. CombineFeedback 0.7.0: reference-apis rebuilt with REFERENCE_APIS_COMBINEFEEDBACK=0.7.0, both
#      feedback fixtures type-checked, then rebuilt back to master.
#   5. The check itself: a generated file with one wrong case name must fail to type-check, and a lift file
#      with one wrong embed (still compiling) must fail the lift driver's run.
#   6. The lists of the frameworks' top-level types in FrameworkNames.swift hold every public one of the sources.
# It prints one line a check and `reference-apis: N passed, M failed`; exits 1 when any failed, 2 on a
# usage error.
#
# Run by hand (not by .ci/run: CI needs nothing outside the repository). About 25 s on 2 cores once its copy
# of reference-apis is built, about a minute the first time.
#
# Usage:
#   Scripts/check-reference-apis.sh [--reference-apis DIR] [--work DIR] [--rexgen PATH]
#
#   --reference-apis DIR  the reference-apis package (default: ../shared/reference-apis beside the repo)
#   --work DIR            where the package is copied and built, and the checks' files go (default:
#                         $REXGEN_REFERENCE_APIS_WORK or /tmp/rexgen-reference-apis); the copy is made
#                         again when the package changes, so its sources are never built in place
#   --rexgen PATH         the rexgen binary (default: `swift build --product rexgen` of this repo)
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REFERENCE="$REPO/../shared/reference-apis"
WORK="${REXGEN_REFERENCE_APIS_WORK:-/tmp/rexgen-reference-apis}"
REXGEN=""

usage() { sed -n '2,/^set -uo pipefail/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --reference-apis) REFERENCE="${2:?--reference-apis needs a folder}"; shift 2 ;;
        --work) WORK="${2:?--work needs a folder}"; shift 2 ;;
        --rexgen) REXGEN="${2:?--rexgen needs a path}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done
[ -f "$REFERENCE/Package.swift" ] || { echo "no reference-apis package at $REFERENCE" >&2; exit 2; }
REFERENCE="$(cd "$REFERENCE" && pwd)"
if [ -n "$REXGEN" ]; then
    [ -x "$REXGEN" ] || { echo "no rexgen binary at $REXGEN" >&2; exit 2; }
    REXGEN="$(cd "$(dirname "$REXGEN")" && pwd)/$(basename "$REXGEN")"  # generation runs in the fixtures folder
fi

FIXTURES="$REPO/Tests/Fixtures/Lifts"
DRIVERS="$FIXTURES/Drivers"
PACKAGE="$WORK/reference-apis"
OUT="$WORK/checks"
passed=0
failed=0

fail() { echo "FAIL $1"; failed=$((failed + 1)); }
ok() { echo "ok   $1"; passed=$((passed + 1)); }

# The package, copied and built.
mkdir -p "$WORK"
if [ -d "$PACKAGE" ] && ! diff -rq --exclude=.build --exclude=Package.resolved "$REFERENCE" "$PACKAGE" >/dev/null 2>&1; then
    rm -rf "$PACKAGE"
fi
if [ ! -d "$PACKAGE" ]; then
    mkdir -p "$PACKAGE"
    (cd "$REFERENCE" && tar cf - --exclude=./.build --exclude=./Package.resolved .) | (cd "$PACKAGE" && tar xf -)
fi
build_package() {  # [env assignments...]: builds the copy, quietly, unless it fails
    if ! env "$@" swift build --package-path "$PACKAGE" >"$WORK/package-build.log" 2>&1; then
        grep -m 10 'error:' "$WORK/package-build.log" || tail -20 "$WORK/package-build.log"
        echo "reference-apis did not build (log: $WORK/package-build.log)"
        exit 1
    fi
}
echo "== building reference-apis in $PACKAGE"
build_package
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
MODULES=(-I "$BIN/Modules" -Xcc "-fmodule-map-file=$BIN/COpenCombineHelpers.build/module.modulemap")
LINK=(-L "$BIN" -lReferenceAPIs -Xlinker -rpath -Xlinker "$BIN")

if [ -z "$REXGEN" ]; then
    echo "== building rexgen"
    (cd "$REPO" && swift build --product rexgen >"$WORK/rexgen-build.log" 2>&1) \
        || { tail -20 "$WORK/rexgen-build.log"; echo "rexgen did not build"; exit 1; }
    REXGEN="$(cd "$REPO" && swift build --show-bin-path)/rexgen"
fi

rm -rf "$OUT"
mkdir -p "$OUT"

# generate NAME ARGS...: rexgen run from the fixtures folder (as the tests run it) into $OUT/NAME.
generate() {
    local name=$1; shift
    if (cd "$FIXTURES" && "$REXGEN" generate "$@" --quiet --output "$OUT/$name") >"$OUT/$name.log" 2>&1; then return 0; fi
    fail "generating $name: $(head -3 "$OUT/$name.log")"
    return 1
}
# compile NAME MODE SWIFTC-ARGS...: one swiftc run, its log in $OUT/NAME.log; warnings are errors unless
# `warnings=allowed` is set for the call (a driver: only generated code is held to that bar).
compile() {
    local name=$1 mode=$2 strict=(-warnings-as-errors); shift 2
    [ "${warnings:-}" = allowed ] && strict=()
    if swiftc -swift-version "$mode" "${strict[@]}" "${MODULES[@]}" "$@" >"$OUT/$name.log" 2>&1; then
        ok "$name"
        return 0
    fi
    fail "$name"
    grep -m 8 'error:' "$OUT/$name.log"
    return 1
}
# library NAME MODE MODULE SOURCES...: a module built on its own, into $OUT/NAME.
library() {
    local name=$1 mode=$2 module=$3; shift 3
    mkdir -p "$OUT/$name"
    compile "$name" "$mode" -parse-as-library -emit-module -emit-library -module-name "$module" \
        -emit-module-path "$OUT/$name/$module.swiftmodule" -o "$OUT/$name/lib$module.so" "${LINK[@]}" "$@"
}
# run NAME EXECUTABLE: the driver must exit 0 and end with "N checks, 0 failures".
run() {
    local name=$1 executable=$2 output status last
    output="$("$executable" 2>&1)"
    status=$?
    last="$(printf '%s\n' "$output" | tail -1)"
    if [ "$status" -eq 0 ] && [[ "$last" =~ [1-9][0-9]*\ checks,\ 0\ failures$ ]]; then
        ok "$name: $last"
    else
        fail "$name: $last"
    fi
}
typecheck() {  # NAME MODE FIXTURE GENERATED
    compile "$1" "$2" -typecheck "$FIXTURES/$3"/*.swift "$OUT/$4"/*.swift
}

# The real IO's runner is internal; the lift driver calls it by the stand-in's name.
cat >"$OUT/IORunner.swift" <<'SWIFT'
@testable import SwiftRex

extension IO {
    func _run(_ handler: AnyActionHandler<OutputActionType>) { runIO(handler) }
}
SWIFT

for mode in 6 5; do
    echo "== Swift $mode mode"
    # 1. SwiftRex
    mkdir -p "$OUT/swiftrex-app-driver-$mode"
    generate "swiftrex-app-$mode" App --reference MovieFeature \
        && library "swiftrex-feature-$mode" "$mode" MovieFeature "$FIXTURES/MovieFeature"/*.swift \
        && compile "swiftrex-app-$mode" "$mode" -typecheck -I "$OUT/swiftrex-feature-$mode" "$FIXTURES/App"/*.swift \
            "$OUT/swiftrex-app-$mode"/*.swift \
        && warnings=allowed compile "swiftrex-app-driver-$mode" "$mode" "${LINK[@]}" -I "$OUT/swiftrex-feature-$mode" \
            -L "$OUT/swiftrex-feature-$mode" -lMovieFeature -Xlinker -rpath -Xlinker "$OUT/swiftrex-feature-$mode" \
            "$FIXTURES/App"/*.swift "$OUT/swiftrex-app-$mode"/*.swift "$DRIVERS/LiftDriver.swift" "$DRIVERS/Checker.swift" \
            "$OUT/IORunner.swift" -o "$OUT/swiftrex-app-driver-$mode/driver" \
        && run "swiftrex-app-driver-$mode (run)" "$OUT/swiftrex-app-driver-$mode/driver"
    generate "swiftrex-game-$mode" Game && typecheck "swiftrex-game-$mode" "$mode" Game "swiftrex-game-$mode"
    generate "swiftrex-shapes-$mode" Shapes && typecheck "swiftrex-shapes-$mode" "$mode" Shapes "swiftrex-shapes-$mode"
    # 2. CombineFeedback master, ReactiveFeedback
    for fixture in Feedback FeedbackExample; do
        generate "$fixture-combinefeedback-master-$mode" "$fixture" --lift combinefeedback --combine-feedback-api master \
            && typecheck "$fixture-combinefeedback-master-$mode" "$mode" "$fixture" "$fixture-combinefeedback-master-$mode"
        generate "$fixture-reactivefeedback-$mode" "$fixture" --lift reactivefeedback \
            && typecheck "$fixture-reactivefeedback-$mode" "$mode" "$fixture" "$fixture-reactivefeedback-$mode"
    done
    # 3. Reactor
    if generate "reactor-feature-generated-$mode" ReactorFeature --lift reactor \
        && generate "reactor-game-generated-$mode" ReactorGame --reference ReactorFeature --lift reactor \
        && library "reactor-feature-$mode" "$mode" ReactorFeature "$FIXTURES/ReactorFeature"/*.swift \
            "$OUT/reactor-feature-generated-$mode"/*.swift; then
        for defines in "-DDEBUG" ""; do
            name="reactor-game-driver-$mode${defines:+-debug}"
            compile "$name" "$mode" $defines "${LINK[@]}" -I "$OUT/reactor-feature-$mode" -L "$OUT/reactor-feature-$mode" \
                -lReactorFeature -Xlinker -rpath -Xlinker "$OUT/reactor-feature-$mode" "$FIXTURES/ReactorGame"/*.swift \
                "$OUT/reactor-game-generated-$mode"/*.swift "$DRIVERS/Checker.swift" "$DRIVERS/ReactorDriver.swift" \
                -o "$OUT/$name.driver" \
                && run "$name (run)" "$OUT/$name.driver"
        done
    fi
    for fixture in ReactorShapes ReactorNames ReactorOwnState; do
        generate "$fixture-$mode" "$fixture" --lift reactor && typecheck "$fixture-$mode" "$mode" "$fixture" "$fixture-$mode"
    done
done

# 4. CombineFeedback 0.7.0
echo "== CombineFeedback 0.7.0"
build_package REFERENCE_APIS_COMBINEFEEDBACK=0.7.0
for mode in 6 5; do
    for fixture in Feedback FeedbackExample; do
        generate "$fixture-combinefeedback-0.7.0-$mode" "$fixture" --lift combinefeedback \
            && typecheck "$fixture-combinefeedback-0.7.0-$mode" "$mode" "$fixture" "$fixture-combinefeedback-0.7.0-$mode"
    done
done
build_package

# 5. A check that cannot fail proves nothing: one wrong case name must be caught.
echo "== the check itself"
mkdir -p "$OUT/mutated"
lifts="$OUT/swiftrex-game-6/ActionLifts.generated.swift"
if [ -f "$lifts" ] && grep -q '\.game(\.board(' "$lifts"; then
    sed 's/\.game(\.board(/.game(.notACase(/' "$lifts" >"$OUT/mutated/ActionLifts.generated.swift"
    cp "$OUT/swiftrex-game-6/EnumProperties.generated.swift" "$OUT/mutated/"
    if swiftc -swift-version 6 "${MODULES[@]}" -typecheck "$FIXTURES/Game"/*.swift "$OUT/mutated"/*.swift \
        >"$OUT/mutated.log" 2>&1; then
        fail "a wrong case name in generated code type-checked: these checks cannot fail"
    elif grep -q "has no member 'notACase'" "$OUT/mutated.log"; then
        ok "a wrong case name in generated code is an error"
    else
        fail "the mutated file failed for another reason (log: $OUT/mutated.log)"
    fi
else
    fail "the mutation's target (.game(.board() is gone from the Game fixture's lifts: update this script"
fi

# And a driver that cannot fail proves nothing: a wrong embed (still compiling) must fail its run.
lifts="$OUT/swiftrex-app-6/ActionLifts.generated.swift"
if [ -f "$lifts" ] && grep -q '{ .movie(action: .list(self)) }' "$lifts"; then
    mkdir -p "$OUT/mutated-app"
    sed 's/{ \.movie(action: \.list(self)) }/{ .movie(action: .list(.load)) }/' "$lifts" >"$OUT/mutated-app/ActionLifts.generated.swift"
    cp "$OUT/swiftrex-app-6/EnumProperties.generated.swift" "$OUT/mutated-app/"
    if warnings=allowed compile "mutated-app-driver" 6 "${LINK[@]}" -I "$OUT/swiftrex-feature-6" -L "$OUT/swiftrex-feature-6" \
        -lMovieFeature -Xlinker -rpath -Xlinker "$OUT/swiftrex-feature-6" "$FIXTURES/App"/*.swift "$OUT/mutated-app"/*.swift \
        "$DRIVERS/LiftDriver.swift" "$DRIVERS/Checker.swift" "$OUT/IORunner.swift" -o "$OUT/mutated-app/driver"; then
        if "$OUT/mutated-app/driver" >"$OUT/mutated-app.run.log" 2>&1; then
            fail "the lift driver passed a wrong embed: its run cannot fail"
        else
            ok "a wrong embed fails the lift driver: $(tail -1 "$OUT/mutated-app.run.log")"
        fi
    fi
else
    fail "the mutation's target ({ .movie(action: .list(self)) }) is gone from the app's lifts: update this script"
fi

# 6. RexGen's lists of the frameworks' top-level types (Sources/RexGenCore/Analysis/FrameworkNames.swift), which
#    the lift file sees, against the sources: every public top-level type of each module is listed.
echo "== framework names"
framework_names() {  # the public top-level type names under the given folders, one a line
    grep -rhoE "^(public|open) +(final +)?(struct|class|enum|protocol|typealias|actor) +[A-Za-z_][A-Za-z0-9_]*" \
        --include=*.swift "$@" | awk '{print $NF}' | sort -u
}
vendor="$REFERENCE/vendor"
listed="$(sed -n '/^enum FrameworkNames/,/static func declared/p' "$REPO/Sources/RexGenCore/Analysis/FrameworkNames.swift")"
for framework in "SwiftRex:$vendor/SwiftRex-0.8.8/Sources" "CombineFeedback:$vendor/CombineFeedback-master-8ba5916 $vendor/CombineFeedback-0.7.0" \
                 "ReactiveFeedback:$vendor/ReactiveFeedback-0.10.0" "Reactor:$vendor/Reactor-1.0.0"; do
    name="${framework%%:*}"
    # shellcheck disable=SC2086
    missing="$(framework_names ${framework#*:} | while read -r type; do
        grep -q "\"$type\"" <<<"$listed" || echo "$type"; done | tr '\n' ' ')"
    if [ -z "$missing" ]; then ok "framework names: $name"; else fail "framework names: $name lacks $missing"; fi
done

echo "reference-apis: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
