#!/usr/bin/env bash
# RexGen's benchmarks side by side, in one run (issue 8): the reader against SwiftParser and `cat`,
# `rexgen generate` on the synthetic app (cold, nothing changed, one enum changed), the build plugin's
# commands on a modular app (issue 19: 200 modules, 1 M lines; release and debug tool), peak memory, the build
# time users pay (RexGen's own build, and a 200-enum target with the plugin, with @CasePathable and written
# by hand; beside them, not as RexGen's result, the plugin running a prebuilt tool) and the run-time cost of a
# payload extraction. Prints one Markdown table of medians and ratios, each target reported as met or missed
# (never asserted: the machine may be shared and noisy).
#
# usage: Benchmarks/compare.sh [--quick] [--runs N] [--keep] [--baseline REV]
#   --quick         skip the build-time comparisons (the slow part: 3 to 6 minutes of builds here)
#   --runs N        repetitions of each timed process (default 7; medians need at least 5)
#   --keep          keep the temporary directory (corpus, synthetic app, packages, build logs)
#   --baseline REV  also time REV's tools (a git revision, built in a worktree) on the synthetic and modular
#                   apps, alternating with this tree's, and add a before/after table (each row within 10%?)
#
# Needs: swift, python3, git, taskset and GNU time (/usr/bin/time, Debian package `time`), and the local
# package mirror for the corpus (REXGEN_MIRROR, default /opt/swift-packages). Progress goes to stderr, the
# report to stdout: `Benchmarks/compare.sh | tee report.md`.
set -uo pipefail
export LC_ALL=C  # EPOCHREALTIME and printf must use '.' as the decimal point

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH=$ROOT/Benchmarks
MIRROR=${REXGEN_MIRROR:-/opt/swift-packages}
RUNS=7
QUICK=0
KEEP=0
BASELINE=
while (( $# )); do
    case $1 in
        --quick) QUICK=1 ;;
        --runs) RUNS=${2:-}; shift ;;
        --keep) KEEP=1 ;;
        --baseline) BASELINE=${2:-}; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "compare.sh: --runs needs a positive number" >&2; exit 2; }
for tool in swift python3 git taskset /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "compare.sh: $tool is missing" >&2; exit 2; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rexgen-bench.XXXXXX")
SAMPLES=$WORK/samples
mkdir -p "$SAMPLES"
cleanup() {
    [[ -n $BASELINE ]] && git -C "$ROOT" worktree remove --force "$WORK/baseline" >/dev/null 2>&1
    (( KEEP )) || rm -rf "$WORK"
}
trap cleanup EXIT
(( KEEP )) && echo "compare.sh: keeping $WORK" >&2

say() { echo "compare.sh: $*" >&2; }
die() { say "$*"; exit 1; }
record() { echo "$2" >>"$SAMPLES/$1"; }  # one sample of a measurement; the report takes the median

# Runs a command once and records its wall time as KEY.s (seconds), from bash's EPOCHREALTIME (no fork of
# its own). stdout goes to $STDOUT (default $WORK/out), stderr to $WORK/err, for the caller to read.
timed() {
    local key=$1; shift
    local start=$EPOCHREALTIME
    "$@" >"${STDOUT:-$WORK/out}" 2>"$WORK/err"
    finish "$key" $? "$start" "$@"
}

# The same under `/usr/bin/time -f %M`, which also records the peak RSS as KEY.mb (MiB). Its own exec adds
# about a millisecond, so the short runs take their wall times from `timed` and their memory from here.
peak() {
    local key=$1; shift
    local start=$EPOCHREALTIME
    /usr/bin/time -f %M -o "$WORK/rss" "$@" >"${STDOUT:-$WORK/out}" 2>"$WORK/err"
    finish "$key" $? "$start" "$@" || return
    record "$key.mb" "$(tail -n 1 "$WORK/rss" | awk '{ printf "%.1f", $1 / 1024 }')"
}

finish() {
    local end=$EPOCHREALTIME key=$1 status=$2 start=$3; shift 3
    if (( status != 0 )); then
        say "failed (exit $status): $*"
        tail -n 30 "$WORK/err" >&2
        return "$status"
    fi
    local micros=$(( ${end/./} - ${start/./} ))
    record "$key.s" "$(printf '%d.%06d' $(( micros / 1000000 )) $(( micros % 1000000 )))"
}

# RexGen's --verbose prints "rexgen: read+parse   140.11 ms  11919781 bytes, …": STAGE.ms for each stage.
record_stages() {
    local prefix=$1
    sed -n 's/^rexgen: \([a-z+]*\) *\([0-9.]*\) ms.*/\1 \2/p' "$WORK/err" |
        while read -r stage ms; do record "$prefix.$stage.ms" "$ms"; done
}

record_machine() {
    {
        echo "nproc=$(nproc)"
        echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
        echo "memory=$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
        echo "swift=$(swift --version 2>/dev/null | head -n 1)"
        echo "commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)$(git -C "$ROOT" diff --quiet HEAD -- Sources 2>/dev/null || echo ' (with uncommitted changes in Sources/)')"
    } >"$WORK/machine"
}

# ---------------------------------------------------------------------------------------------------------
say "building rexgen and the benchmark programs (release)"
record_machine
record load.start "$(cut -d ' ' -f 1 /proc/loadavg)"
# The Benchmarks package builds rexgen itself (its plugin needs it) in its own .build, so the timed rexgen
# is the working tree's, in release, without touching the root package's .build that others may be using.
# (A first build takes long: swift-syntax in release, twice, for the macro's host and for the reader.)
# The build plugin's tool is built in both configurations: SwiftPM builds it in the app build's own.
# A build plan left from an earlier run does not see files since added to the root package (a path
# dependency here): the build then fails with "cannot find … in scope". Planning again costs a second.
rm -f "$BENCH/.build/release.yaml" "$BENCH/.build/debug.yaml"
{ swift build -c release --package-path "$BENCH" && swift build -c release --package-path "$BENCH" --product rexgen &&
  swift build -c release --package-path "$BENCH" --product RexGenBuildTool &&
  swift build --package-path "$BENCH" --product RexGenBuildTool; } \
    >"$WORK/bench-build.log" 2>&1 || { tail -n 40 "$WORK/bench-build.log" >&2; die "the benchmark package did not build"; }
BIN=$(swift build -c release --package-path "$BENCH" --show-bin-path)
DEBUG_TOOL=$(swift build --package-path "$BENCH" --show-bin-path)/RexGenBuildTool
REXGEN=$BIN/rexgen
SWIFTPARSER=$BIN/swiftparser-reader
EXTRACT=$BIN/extract-bench
for program in "$REXGEN" "$SWIFTPARSER" "$EXTRACT" "$BIN/RexGenBuildTool" "$DEBUG_TOOL"; do
    [[ -x $program ]] || die "missing $program"
done
# The baseline's tools, built from REV in a worktree of its own (the root package alone: no swift-syntax).
if [[ -n $BASELINE ]]; then
    say "building the baseline $BASELINE (release and debug tool)"
    BASE_ROOT=$WORK/baseline
    git -C "$ROOT" worktree add --detach "$BASE_ROOT" "$BASELINE" >"$WORK/baseline-build.log" 2>&1 ||
        { cat "$WORK/baseline-build.log" >&2; die "cannot check out $BASELINE"; }
    { swift build -c release --package-path "$BASE_ROOT" --product rexgen &&
      swift build -c release --package-path "$BASE_ROOT" --product RexGenBuildTool &&
      swift build --package-path "$BASE_ROOT" --product RexGenBuildTool; } >>"$WORK/baseline-build.log" 2>&1 ||
        { tail -n 40 "$WORK/baseline-build.log" >&2; die "the baseline did not build"; }
    BASE_BIN=$(swift build -c release --package-path "$BASE_ROOT" --show-bin-path)
    BASE_DEBUG_TOOL=$(swift build --package-path "$BASE_ROOT" --show-bin-path)/RexGenBuildTool
    echo "$(git -C "$ROOT" rev-parse --short "$BASELINE")" >"$WORK/baseline.commit"
fi

# What starting a process that does nothing costs here, included in every wall time below.
for (( run = 1; run <= RUNS; run++ )); do timed overhead /bin/true || die "cannot time /bin/true"; done

# ---------------------------------------------------------------------------------------------------------
say "reader: the big corpus (swift-nio 2.101.3, swift-syntax 603.0.1, vapor 4.122.3 Sources/), one core"
CORPUS=$WORK/corpus
for spec in apple/swift-nio:2.101.3 swiftlang/swift-syntax:603.0.1 vapor/vapor:4.122.3; do
    repository=${spec%%:*}; tag=${spec##*:}
    mkdir -p "$CORPUS/${repository#*/}"
    git -C "$MIRROR/$repository.git" archive "$tag" Sources | tar -x -C "$CORPUS/${repository#*/}" ||
        die "cannot extract $repository $tag from $MIRROR"
done
mapfile -d '' CORPUS_FILES < <(find "$CORPUS" -name '*.swift' -print0 | sort -z)
echo "${#CORPUS_FILES[@]}" >"$WORK/corpus.files"
# RexGen reads a folder as SwiftPM compiles it, so it leaves out the Swift files of `.docc` catalogs
# (swift-syntax's tutorials); SwiftParser's reader reads them.
find "$CORPUS" -path '*.docc/*' -name '*.swift' | wc -l >"$WORK/corpus.docc.files"
cat "${CORPUS_FILES[@]}" | wc -c >"$WORK/corpus.bytes"

# Round-robin, so a burst of load from someone else's build falls on all three alike; then three more
# rounds under /usr/bin/time for peak memory.
for (( run = 1; run <= RUNS + 3; run++ )); do
    (( run <= RUNS )) && { measure=timed; tag=; } || { measure=peak; tag=.memory; }
    STDOUT=/dev/null $measure reader.rexgen$tag taskset -c 0 "$REXGEN" dump --format json --all-enums --verbose "$CORPUS" ||
        die "rexgen dump failed"
    (( run <= RUNS )) && record_stages reader.rexgen
    sed -n 's/^rexgen: read+parse .* \([0-9]*\) enums.*/\1/p' "$WORK/err" >"$WORK/reader.rexgen.enums"
    $measure reader.swiftparser$tag taskset -c 0 "$SWIFTPARSER" "$CORPUS" || die "swiftparser-reader failed"
    (( run <= RUNS )) && record reader.swiftparser.stage.s "$(sed -n 's/.*seconds=\([0-9.e-]*\).*/\1/p' "$WORK/out")"
    sed -n 's/.*enums=\([0-9]*\).*/\1/p' "$WORK/out" >"$WORK/reader.swiftparser.enums"
    STDOUT=/dev/null $measure reader.cat$tag taskset -c 0 cat "${CORPUS_FILES[@]}" || die "cat failed"
done

# ---------------------------------------------------------------------------------------------------------
say "rexgen generate: the synthetic app (5,000 files, 2,000 action enums), two cores"
SYNTH=$WORK/synth
SYNTH_OUT=$WORK/synth-out
python3 "$BENCH/make-synthetic-app.py" "$SYNTH" || die "make-synthetic-app.py failed"
# Dated a minute back, as an app's files are. Files modified within 2 s of a run are "racily clean" (their
# size and time cannot be trusted), so the cache keeps their hashes and the next run reads and hashes them
# all again: just generated, all 5,000 would be, for the first rounds below, and the runs would measure that.
find "$SYNTH" -name '*.swift' -exec touch -d '1 minute ago' {} +
find "$SYNTH" -name '*.swift' -print0 | du -cb --files0-from=- | tail -n 1 | cut -f 1 >"$WORK/synth.bytes"
cat "$SYNTH"/*.swift | wc -l >"$WORK/synth.lines"
# "One enum changed": a case added to (then removed from) one leaf enum, the edit a developer makes.
EDITED=$SYNTH/Feature0042.swift
cp "$EDITED" "$WORK/edited.orig"
toggle_synthetic_edit() {
    if cmp -s "$EDITED" "$WORK/edited.orig"; then
        sed -i 's/^public enum \(.*\) {$/public enum \1 {\n    case benchmarkEdit/' "$EDITED"
    else
        cp "$WORK/edited.orig" "$EDITED"
    fi
}
# One round of the synthetic app with one rexgen: cold, nothing changed, one enum changed.
synthetic_round() {
    local prefix=$1 program=$2 output=$3
    rm -rf "$output"
    $measure $prefix.cold$tag "$program" generate "$SYNTH" --output "$output" --verbose || die "cold run failed"
    [[ -z $tag ]] && record_stages $prefix.cold
    $measure $prefix.unchanged$tag "$program" generate "$SYNTH" --output "$output" --verbose || die "unchanged run failed"
    grep -q 'nothing changed since the last run' "$WORK/err" || say "warning: the unchanged run did not use the cache"
    toggle_synthetic_edit
    $measure $prefix.changed$tag "$program" generate "$SYNTH" --output "$output" --verbose || die "changed run failed"
}
for (( run = 1; run <= RUNS + 3; run++ )); do
    # The last three rounds for peak memory (their wall times, as KEY.memory.s, are not reported).
    (( run <= RUNS )) && { measure=timed; tag=; } || { measure=peak; tag=.memory; }
    synthetic_round synth "$REXGEN" "$SYNTH_OUT"
    [[ -n $BASELINE ]] && synthetic_round synth.base "$BASE_BIN/rexgen" "$SYNTH_OUT.base"
done

# ---------------------------------------------------------------------------------------------------------
say "the modular app (200 modules, 1 M lines): the build plugin's commands, release and debug tool, two cores"
MODULAR=$WORK/modular
python3 "$BENCH/make-modular-app.py" "$MODULAR" || die "make-modular-app.py failed"
find "$MODULAR" -name '*.swift' -print0 | du -cb --files0-from=- | tail -n 1 | cut -f 1 >"$WORK/modular.bytes"
find "$MODULAR" -name '*.swift' -print0 | xargs -0 cat | wc -l >"$WORK/modular.lines"
# The debug tool's runs take seconds cold: fewer rounds, and not the one-target scenario (release only).
# With a baseline, its tool takes every other run (`run-modular-app.py` with two tools), under the name
# base-release or base-debug.
for build in release debug; do
    if [[ $build == release ]]; then program=$BIN/RexGenBuildTool baseline=${BASE_BIN:-}/RexGenBuildTool
        scenarios=app,feature,single rounds=$RUNS
    else program=$DEBUG_TOOL baseline=${BASE_DEBUG_TOOL:-} scenarios=app rounds=$(( RUNS < 5 ? RUNS : 5 )); fi
    tools=(--tool "$program" --tool-name "$build")
    [[ -n $BASELINE ]] && tools+=(--tool "$baseline" --tool-name "base-$build")
    python3 "$BENCH/run-modular-app.py" "$MODULAR" "${tools[@]}" --runs "$rounds" \
        --scenarios "$scenarios" --work "$WORK/modular-out" >"$WORK/modular.$build" 2>"$WORK/err" ||
        { tail -n 20 "$WORK/err" >&2; die "run-modular-app.py failed ($build)"; }
    while read -r key seconds megabytes; do
        record "$key.s" "$seconds"
        record "$key.mb" "$megabytes"
    done <"$WORK/modular.$build"
done
rm -rf "$WORK/modular-out"

# ---------------------------------------------------------------------------------------------------------
say "run-time cost of a payload extraction (release, one core)"
for (( run = 1; run <= 3; run++ )); do
    taskset -c 1 "$EXTRACT" >"$WORK/out" 2>"$WORK/err" || { cat "$WORK/err" >&2; die "extract-bench failed"; }
    while read -r name ns; do record "runtime.${name#name=}" "${ns#ns=}"; done <"$WORK/out"
done

# ---------------------------------------------------------------------------------------------------------
if (( ! QUICK )); then
    # Dependencies are fetched (from the local mirror) before each timed build and not counted: the cost
    # measured is compiling. Clean builds run once each (minutes apiece); incremental ones five times.
    # The plugin's tool (what every plugin user builds) and, for comparison, the whole `rexgen` CLI.
    for product in RexGenBuildTool rexgen; do
        say "build: clean debug build of $product"
        SCRATCH=$WORK/rexgen-scratch
        swift package resolve --package-path "$ROOT" --scratch-path "$SCRATCH" >"$WORK/resolve.log" 2>&1 ||
            die "cannot resolve RexGen's dependencies"
        peak "build.$product" swift build --package-path "$ROOT" --scratch-path "$SCRATCH" --product "$product" ||
            die "$product did not build"
        rm -rf "$SCRATCH"
    done

    # What the clean-build target would take: the plugin running a prebuilt tool from an artifact bundle, as
    # SwiftLint's and SwiftGen's do. RexGen does not ship one (a release asset; it has no releases), so this
    # variant is reported beside the others, not as RexGen's result.
    say "build: a prebuilt RexGenBuildTool (release, static Swift runtime) for the artifact-bundle variant"
    STATIC=(swift build -c release --package-path "$ROOT" --scratch-path "$WORK/prebuilt-scratch")
    "${STATIC[@]}" --product RexGenBuildTool --static-swift-stdlib >"$WORK/prebuilt-build.log" 2>&1 ||
        die "the static RexGenBuildTool did not build"
    TRIPLE=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
    python3 "$BENCH/make-prebuilt-rexgen.py" "$WORK/prebuilt" --rexgen-package "$ROOT" --triple "$TRIPLE" \
        --tool "$("${STATIC[@]}" --show-bin-path)/RexGenBuildTool" || die "make-prebuilt-rexgen.py failed"
    rm -rf "$WORK/prebuilt-scratch"

    say "build: the 200-enum target with the plugin, with @CasePathable and by hand"
    PACKAGES=$WORK/packages
    python3 "$BENCH/make-build-packages.py" "$PACKAGES" --rexgen-package "$ROOT" --rexgen "$REXGEN" \
        --prebuilt-rexgen-package "$WORK/prebuilt/RexGen" || die "make-build-packages.py failed"
    # The incremental edit: a case added to (then removed from) one mid-tree enum; by hand, its two
    # properties too, as its author would write them.
    toggle_build_edit() {
        local variant=$1 file=$PACKAGES/$1/Sources/Feature/Feature0001.swift original=$WORK/$1.Feature0001.swift
        if [[ ! -e $original ]]; then cp "$file" "$original"; fi  # outside the target: no new file to plan
        if cmp -s "$file" "$original"; then
            sed -i 's/^public enum \(Feature0001Action.*\) {$/public enum \1 {\n    case benchmarkEdit/' "$file"
            if [[ $variant == handwritten ]]; then
                sed -i 's/^extension Feature0001Action {$/&\n    public var benchmarkEdit: Void? { guard case .benchmarkEdit = self else { return nil }; return () }\n    public var isBenchmarkEdit: Bool { self.benchmarkEdit != nil }/' "$file"
            fi
        else
            cp "$original" "$file"
        fi
    }
    for variant in plugin prebuilt casepaths handwritten; do
        package=$PACKAGES/$variant
        swift package resolve --package-path "$package" >"$WORK/resolve-$variant.log" 2>&1 ||
            die "cannot resolve the $variant package"
        say "  $variant: clean"
        peak "build.$variant.clean" swift build --package-path "$package" || die "the $variant package did not build"
        # A first no-op build settles what a clean build leaves (SwiftPM relinks plugin tools once).
        swift build --package-path "$package" >/dev/null 2>&1
        for (( run = 1; run <= 5; run++ )); do
            say "  $variant: incremental $run"
            toggle_build_edit "$variant"
            peak "build.$variant.incremental" swift build --package-path "$package" ||
                die "the $variant package did not rebuild"
        done
        rm -rf "$package/.build"  # a few hundred MB each (swift-syntax's debug build for @CasePathable)
    done
fi
record load.end "$(cut -d ' ' -f 1 /proc/loadavg)"

# ---------------------------------------------------------------------------------------------------------
python3 - "$WORK" "$RUNS" "$QUICK" <<'PYTHON'
"""Medians, ratios and targets (issue 8, item 2) as one Markdown table."""
import pathlib
import statistics
import sys

work, runs, quick = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
samples = {path.name: [float(line) for line in path.read_text().split()]
           for path in (work / "samples").iterdir()}
machine = dict(line.split("=", 1) for line in (work / "machine").read_text().splitlines())

def median(key):
    values = samples.get(key)
    return statistics.median(values) if values else None

def read(name):
    return (work / name).read_text().strip()

def ms(seconds):
    if seconds is None:
        return "—"
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"

# Peaks are `ru_maxrss` (KiB) / 1024, so MiB; the limits are worked out in MiB too (input bytes / 2^20).
def mb(value):
    return "—" if value is None else f"{value:.0f} MiB"

def verdict(ok):
    return "**met**" if ok else "**missed**"

rows = []
def row(what, rexgen, baseline, ratio, target, result):
    rows.append((what, rexgen, baseline, ratio, target, result))

corpus_bytes, corpus_files = int(read("corpus.bytes")), int(read("corpus.files"))
synth_bytes, synth_lines = int(read("synth.bytes")), int(read("synth.lines"))
overhead = median("overhead.s")

# Reader: RexGen's read+parse stage (its --verbose timing) against SwiftParser's read+parse+walk, in-process.
rexgen_stage = median("reader.rexgen.read+parse.ms") / 1000
swiftparser_stage = median("reader.swiftparser.stage.s")
rexgen_mbps = corpus_bytes / rexgen_stage / 1e6
swiftparser_mbps = corpus_bytes / swiftparser_stage / 1e6
row("Reader throughput, big corpus, 1 core (read+parse)", f"{rexgen_mbps:.0f} MB/s",
    f"SwiftParser {swiftparser_mbps:.1f} MB/s", f"{rexgen_mbps / swiftparser_mbps:.1f}×",
    "≥ 20× SwiftParser", verdict(rexgen_mbps >= 20 * swiftparser_mbps))
row("… absolute", f"{rexgen_mbps:.0f} MB/s", "", "", "≥ 300 MB/s", verdict(rexgen_mbps >= 300))
dump, cat, parser_process = median("reader.rexgen.s"), median("reader.cat.s"), median("reader.swiftparser.s")
row("`rexgen dump --format json --all-enums`, whole process, 1 core",
    f"{ms(dump)} ({corpus_bytes / dump / 1e6:.0f} MB/s)",
    f"`cat` {ms(cat)} ({corpus_bytes / cat / 1e6:.0f} MB/s); SwiftParser reader {ms(parser_process)}",
    f"{dump / cat:.1f}× `cat`", "≤ 3× `cat`", verdict(dump <= 3 * cat))
limit = 2 * corpus_bytes / 2**20 + 50
row("Peak memory, big corpus", f"{mb(median('reader.rexgen.memory.mb'))}",
    f"SwiftParser reader {mb(median('reader.swiftparser.memory.mb'))}; `cat` {mb(median('reader.cat.memory.mb'))}", "",
    f"≤ 2 × input + 50 MiB = {limit:.0f} MiB", verdict(median("reader.rexgen.memory.mb") <= limit))

# The synthetic app.
cold, unchanged, changed = median("synth.cold.s"), median("synth.unchanged.s"), median("synth.changed.s")
row("`rexgen generate`, synthetic app, cold (no output yet), 2 cores", ms(cold), "", "", "≤ 300 ms",
    verdict(cold <= 0.3))
row("… nothing changed", ms(unchanged), f"cold {ms(cold)}", f"{unchanged / cold:.2f}× cold", "≤ 50 ms",
    verdict(unchanged <= 0.05))
row("… one enum changed", ms(changed), f"cold {ms(cold)}", f"{changed / cold:.2f}× cold", "≤ 80 ms",
    verdict(changed <= 0.08))
limit = 2 * synth_bytes / 2**20 + 50
memories = [median(f"synth.{kind}.memory.mb") for kind in ("cold", "unchanged", "changed")]
row("Peak memory: cold / nothing changed / one changed", " / ".join(mb(m) for m in memories), "", "",
    f"≤ 2 × input + 50 MiB = {limit:.0f} MiB", verdict(max(memories) <= limit))

# The modular app: the build plugin's commands, timed as SwiftPM starts them (no shell).
modular_bytes, modular_lines = int(read("modular.bytes")), int(read("modular.lines"))
def modular(tool, scenario, kind):
    return median(f"modular.{tool}.{scenario}.{kind}.s")
edited, unchanged, cold = (modular("release", "app", kind) for kind in ("edited", "unchanged", "cold"))
row("Modular app: the app target's command after a case without payload is added in a dependency, release",
    ms(edited), f"nothing changed {ms(unchanged)}; cold {ms(cold)}", "", "≤ 100 ms", verdict(edited <= 0.1))
debug_edited, debug_unchanged = modular("debug", "app", "edited"), modular("debug", "app", "unchanged")
row("… the debug `RexGenBuildTool` (a debug app build's)", ms(debug_edited),
    f"nothing changed {ms(debug_unchanged)}", f"{debug_edited / edited:.1f}× release", "≤ 250 ms",
    verdict(debug_edited <= 0.25))
for kind, what in (("payload-edited", "after a case whose payload is no action is added, release"),
                   ("tree-edited", "after a case carrying a new action enum is added (the tree changes), release"),
                   ("carry-edited", "after a case carrying an action enum of the tree is added, release"),
                   ("renamed", "after an action enum and its case are renamed, release")):
    release_run, debug_run = modular("release", "app", kind), modular("debug", "app", kind)
    row(f"… {what}", ms(release_run), "", "", "≤ 100 ms", verdict(release_run <= 0.1))
    row("… the debug `RexGenBuildTool`", ms(debug_run), "", f"{debug_run / release_run:.1f}× release", "≤ 250 ms",
        verdict(debug_run <= 0.25))
row("… a feature target's own command after an edit in it, release", ms(modular("release", "feature", "edited")),
    f"nothing changed {ms(modular('release', 'feature', 'unchanged'))}", "", "≤ 30 ms",
    verdict(modular("release", "feature", "edited") <= 0.03))
single_edited, single_cold = modular("release", "single", "edited"), modular("release", "single", "cold")
row("… the 1 M lines as one target, one file per source: one enum changed", ms(single_edited),
    f"nothing changed {ms(modular('release', 'single', 'unchanged'))}", "", "≤ 150 ms", verdict(single_edited <= 0.15))
row("… cold", ms(single_cold), "", "", "≤ 1.5 s", verdict(single_cold <= 1.5))
limit = 2 * modular_bytes / 2**20 + 50
peaks = [median(f"modular.release.{scenario}.{kind}.mb") for scenario in ("app", "single") for kind in ("cold", "edited")]
row("Peak memory, modular app: app target cold / edited; one target cold / edited",
    " / ".join(mb(m) for m in peaks), "", "", f"≤ 2 × input + 50 MiB = {limit:.0f} MiB", verdict(max(peaks) <= limit))

# Build time.
if not quick:
    tool_build, cli_build = median("build.RexGenBuildTool.s"), median("build.rexgen.s")
    row("Clean debug build of the plugin's tool (`RexGenBuildTool`), 2 cores", ms(tool_build),
        f"the `rexgen` CLI {ms(cli_build)}", f"{tool_build / cli_build:.2f}× the CLI", "≤ 30 s",
        verdict(tool_build <= 30))
    plugin, casepaths, handwritten = (median(f"build.{v}.clean.s") for v in ("plugin", "casepaths", "handwritten"))
    row("200-enum target, clean debug build: plugin (its build included) vs `@CasePathable`", ms(plugin),
        f"`@CasePathable` {ms(casepaths)}", f"{casepaths / plugin:.1f}× faster", "≥ 4× faster",
        verdict(casepaths >= 4 * plugin))
    row("… plugin vs hand-written properties", ms(plugin), f"hand-written {ms(handwritten)}",
        f"{plugin / handwritten:.1f}× hand-written", "≤ 1.5× hand-written", verdict(plugin <= 1.5 * handwritten))
    prebuilt = median("build.prebuilt.clean.s")
    row("… not shipped: the plugin running a prebuilt tool (artifact bundle)", ms(prebuilt),
        f"hand-written {ms(handwritten)}", f"{prebuilt / handwritten:.1f}× hand-written",
        "what would close it", "")
    plugin, casepaths, handwritten = (median(f"build.{v}.incremental.s") for v in ("plugin", "casepaths", "handwritten"))
    row("200-enum target, incremental (one enum edited)", ms(plugin),
        f"`@CasePathable` {ms(casepaths)}; hand-written {ms(handwritten)}",
        f"{plugin / casepaths:.2f}× `@CasePathable`; {plugin / handwritten:.1f}× hand-written", "≤ both",
        verdict(plugin <= casepaths and plugin <= handwritten))
    prebuilt = median("build.prebuilt.incremental.s")
    row("… not shipped: the plugin running a prebuilt tool (artifact bundle)", ms(prebuilt),
        f"hand-written {ms(handwritten)}", f"{prebuilt / handwritten:.1f}× hand-written", "—", "")
    row("Peak memory of those builds (largest single process)",
        f"`RexGenBuildTool` {mb(median('build.RexGenBuildTool.mb'))}; plugin {mb(median('build.plugin.clean.mb'))}",
        f"`@CasePathable` {mb(median('build.casepaths.clean.mb'))}; hand-written {mb(median('build.handwritten.clean.mb'))}",
        "", "—", "")

# Run time.
generated, switch = median("runtime.generated-property"), median("runtime.hand-written-switch")
subscript, dynamic = median("runtime.casepath-subscript"), median("runtime.casepath-dynamic-member")
manual = median("runtime.generated-casepath-subscript")
row("Payload extraction, release, ns per call: generated property", f"{generated:.2f} ns",
    f"hand-written `switch` {switch:.2f} ns", f"{generated / switch:.2f}×", "within 10%",
    verdict(generated <= 1.1 * switch))
row("… against `@CasePathable`", f"{generated:.2f} ns",
    f"`[case: \\.selected]` {subscript:.0f} ns; dynamic member `.selected` {dynamic:.1f} ns",
    f"{subscript / generated:.0f}× / {dynamic / generated:.0f}× faster", "—", "")
row("… `[case: \\.selected]` through RexGen's macro-free CasePathable (`casePaths: true`)", f"{manual:.0f} ns",
    f"`@CasePathable` `[case: \\.selected]` {subscript:.0f} ns", f"{manual / subscript:.2f}×", "—", "")

print(f"Machine: {machine['nproc']} cores ({machine['cpu']}), {machine['memory']} of memory; "
      f"{machine['swift']}; RexGen {machine['commit']}.")
print(f"Load average (1 min) at start {median('load.start'):.2f}, at end {median('load.end'):.2f}.")
print()
print("| Measurement | RexGen | Compared with | Ratio | Target | Result |")
print("| --- | --- | --- | --- | --- | --- |")
for cells in rows:
    print("| " + " | ".join(cells) + " |")
print()
stages = ", ".join(f"{stage} {median(f'synth.cold.{stage}.ms'):.0f} ms"
                   for stage in ("collect", "read+parse", "analysis", "render")
                   if median(f"synth.cold.{stage}.ms") is not None)
print(f"- Medians of {runs} runs per process measurement (interleaved); clean builds once each, incremental "
      "builds five times, the extraction benchmark three times (each extraction figure itself a median of 11 "
      "samples).")
print(f"- Big corpus: {corpus_files} files, {corpus_bytes / 1e6:.1f} MB; enums found: RexGen "
      f"{read('reader.rexgen.enums')}, SwiftParser {read('reader.swiftparser.enums')} (RexGen leaves out the "
      f"{read('corpus.docc.files')} files of `.docc` catalogs, as SwiftPM does; SwiftParser's reader reads them).")
print(f"- Synthetic app: 5,000 files, {synth_lines:,} lines, {synth_bytes / 1e6:.1f} MB; cold run by stage "
      f"({'--verbose'}): {stages}.")
print(f"- Modular app: 200 feature modules and an app target, {modular_lines:,} lines, {modular_bytes / 1e6:.1f} MB, "
      f"10,000 action enums; the commands as the build plugin gives them (every file by its path), started "
      f"without a shell, which costs {median('modular.app.spawn.s') * 1000:.1f} ms (`/bin/true` with the app "
      "target's 23,000 arguments), included in its figures.")
print(f"- Wall times are from the shell and include starting the process ({overhead * 1000:.1f} ms for `/bin/true`); "
      "peak memory is `/usr/bin/time -f %M`, median of 3 separate runs (for builds, the run itself; the largest "
      "single process of the build).")
baseline = (work / "baseline.commit").read_text().strip() if (work / "baseline.commit").exists() else None
if baseline:
    print()
    print(f"Before ({baseline}) and after ({machine['commit']}), the tools taking turns:")
    print()
    print("| Measurement | Before | After | Ratio | Within 10% |")
    print("| --- | --- | --- | --- | --- |")
    pairs = [(f"Synthetic app, {kind}", f"synth.base.{kind}.s", f"synth.{kind}.s")
             for kind in ("cold", "unchanged", "changed")]
    edits = ("unchanged", "edited", "payload-edited", "tree-edited", "carry-edited", "renamed")
    pairs += [(f"Modular app, app target, {kind}, {tool}", f"modular.base-{tool}.app.{kind}.s", f"modular.{tool}.app.{kind}.s")
              for tool in ("release", "debug") for kind in edits]
    pairs += [(f"Modular app, feature target, {kind}, release", f"modular.base-release.feature.{kind}.s",
               f"modular.release.feature.{kind}.s") for kind in ("unchanged", "edited")]
    pairs += [(f"Modular app, one target, {kind}, release", f"modular.base-release.single.{kind}.s",
               f"modular.release.single.{kind}.s") for kind in edits]
    for what, before_key, after_key in pairs:
        before, after = median(before_key), median(after_key)
        if before is None or after is None:
            continue
        print(f"| {what} | {ms(before)} | {ms(after)} | {after / before:.2f} | {'yes' if after <= 1.1 * before else '**no**'} |")
    print()
PYTHON
