#!/usr/bin/env bash
# check-real-modules.sh — does RexGen's output compile inside real modules?
#
# For each module below (or the ones named on the command line), this script
#   1. clones the module's package at the listed tag into the work folder (once; later runs reuse the clone
#      and its resolved dependencies, so a rerun only regenerates and rebuilds the module),
#   2. builds the module as it is, once (`swift build --target <Module>`), to know that it builds at all
#      and to pay for its dependencies before the timed runs (kept as a marker until the tag or the
#      toolchain changes),
#   3. runs `rexgen generate <module folder> --all-enums --file-per-source --lift none
#      --output <module folder>/RexGenGenerated`: properties for every enum, one file per source as the
#      build plugin lays them out, in the module's own folder, so SwiftPM compiles them as part of it, with
#      the references the build plugin would pass (every dependency target's Swift files, and each one's
#      module with --reference-module; read from the package's build manifest by
#      Scripts/real-module-references.py, built once more first when the last build was of the other mode,
#      so a --case-paths run's references hold CasePathsCore and a plain run's do not),
#   4. builds the module again with the generated files, with its package's own settings,
# and reports each module as built (with the warnings the compiler gave in generated files: there should be
# none) or failed (for a failure, the first `file:line:col: error:` lines and,
# for each error in a generated file, the failing line and the extension it is in), then
# `real modules: N built / M tried`. It exits 1 when any module was not built (a clone, resolution,
# baseline build or generation that failed counts as not built, and says so), 2 on a usage error.
#
# Run by hand or by .github/workflows/real-modules.yml; not by .ci/run (it needs network or a package
# mirror, and tens of minutes: Vapor's first build alone is ~10 min on 2 cores).
#
# Usage:
#   Scripts/check-real-modules.sh [options] [MODULE...]
#
#   MODULE            HTTPTypes OpenAPIRuntime X509 Graphiti PostgresNIO Hummingbird Vapor (default: these,
#                     in this order, the small ones first), or one of the extra modules: AsyncAlgorithms
#                     ArgumentParser OpenAPIKit NIOCore NIOHTTP2 GRDB SwiftSyntax, or one of the wide set
#                     (`--list` names them all)
#   --extra           check the extra modules too (after the default ones, or after those named)
#   --wide            check the wide set too: 43 more modules of the package mirror, chosen for their many
#                     enums (state machines, parsers, protocol codecs), names and generic contexts (an hour
#                     and more the first time, on 2 cores)
#   --case-paths      generate with `--case-paths` too (swift-case-paths 1.x's CasePathable, without the
#                     macro): the package's manifest gets a dependency on swift-case-paths 1.10.0 and the
#                     module one on CasePathsCore for the build, and is restored afterwards
#                     (SwiftSyntax is skipped: swift-case-paths depends on swift-syntax)
#   --rexgen PATH     the rexgen binary to use (default: build this repo's with
#                     `swift build -c release --product rexgen` into its own .build)
#   --work DIR        where clones and logs live (default: $REXGEN_REAL_MODULES_WORK or
#                     /tmp/rexgen-real-modules); must not be inside this repo
#   --errors N        how many distinct error lines to show per failed module (default 20)
#   --jobs N          passed to `swift build -j` (default: SwiftPM's, one per core)
#   --rebuild-baseline  build each module without generated code again even if it built before
#   --no-references   generate without the dependencies' files as references (the CLI's layout, not the plugin's)
#   --list            print the modules and their packages, and exit
#   -h, --help        this text
#
# Files: WORK/<package>-<tag>/ is the clone; WORK/<package>-<tag>/.rexgen-check/ holds
# baseline.log, generate.log, build.log and the baseline marker; the generated files stay in
# <module folder>/RexGenGenerated for inspection until the next run replaces them; WORK/summary.txt
# repeats the final table.
#
# Examples:
#   Scripts/check-real-modules.sh HTTPTypes OpenAPIRuntime
#   Scripts/check-real-modules.sh --rexgen .build/debug/rexgen --work ~/rexgen-real X509
set -uo pipefail

# name | package URL | tag | module folder inside the package
MODULES=(
    "HTTPTypes|https://github.com/apple/swift-http-types|1.8.0|Sources/HTTPTypes"
    "OpenAPIRuntime|https://github.com/apple/swift-openapi-runtime|1.13.4|Sources/OpenAPIRuntime"
    "X509|https://github.com/apple/swift-certificates|1.21.1|Sources/X509"
    "Graphiti|https://github.com/GraphQLSwift/Graphiti|3.1.0|Sources/Graphiti"
    "PostgresNIO|https://github.com/vapor/postgres-nio|1.33.2|Sources/PostgresNIO"
    "Hummingbird|https://github.com/hummingbird-project/hummingbird|2.28.1|Sources/Hummingbird"
    "Vapor|https://github.com/vapor/vapor|4.122.3|Sources/Vapor"
)
# More modules, checked when named or with --extra (state machines in generic types, @_spi, .docc folders).
EXTRA_MODULES=(
    "AsyncAlgorithms|https://github.com/apple/swift-async-algorithms|1.1.4|Sources/AsyncAlgorithms"
    "ArgumentParser|https://github.com/apple/swift-argument-parser|1.8.2|Sources/ArgumentParser"
    "OpenAPIKit|https://github.com/mattpolzin/OpenAPIKit|6.4.0|Sources/OpenAPIKit"
    "NIOCore|https://github.com/apple/swift-nio|2.101.3|Sources/NIOCore"
    "NIOHTTP2|https://github.com/apple/swift-nio-http2|1.46.0|Sources/NIOHTTP2"
    "GRDB|https://github.com/groue/GRDB.swift|7.10.0|GRDB"
    "SwiftSyntax|https://github.com/swiftlang/swift-syntax|603.0.1|Sources/SwiftSyntax"
)
# The wide set, checked when named or with --wide: the small packages first.
WIDE_MODULES=(
    "Logging|https://github.com/apple/swift-log|1.16.2|Sources/Logging"
    "SwiftASN1|https://github.com/apple/swift-asn1|1.7.4|Sources/SwiftASN1"
    "StructuredFieldValues|https://github.com/apple/swift-http-structured-headers|1.7.0|Sources/StructuredFieldValues"
    "Stencil|https://github.com/stencilproject/Stencil|0.15.1|Sources/Stencil"
    "Yams|https://github.com/jpsim/Yams|6.2.2|Sources/Yams"
    "Mustache|https://github.com/hummingbird-project/swift-mustache|2.1.1|Sources/Mustache"
    "Plot|https://github.com/JohnSundell/Plot|0.14.0|Sources/Plot"
    "Ink|https://github.com/JohnSundell/Ink|0.6.0|Sources/Ink"
    "XMLCoder|https://github.com/CoreOffice/XMLCoder|0.18.2|Sources/XMLCoder"
    "SwiftGraph|https://github.com/davecom/SwiftGraph|4.0.0|Sources/SwiftGraph"
    "HashTreeCollections|https://github.com/apple/swift-collections|1.6.0|Sources/HashTreeCollections"
    "Parsing|https://github.com/pointfreeco/swift-parsing|0.15.2|Sources/Parsing"
    "CoreMetrics|https://github.com/apple/swift-metrics|2.13.0|Sources/CoreMetrics"
    "Tracing|https://github.com/apple/swift-distributed-tracing|1.7.3|Sources/Tracing"
    "Subprocess|https://github.com/swiftlang/swift-subprocess|1.0.2|Sources/Subprocess"
    "Configuration|https://github.com/apple/swift-configuration|1.4.0|Sources/Configuration"
    "ServiceLifecycle|https://github.com/swift-server/swift-service-lifecycle|2.13.0|Sources/ServiceLifecycle"
    "MCP|https://github.com/modelcontextprotocol/swift-sdk|0.12.1|Sources/MCP"
    "WasmKit|https://github.com/swiftwasm/WasmKit|0.4.2|Sources/WasmKit"
    "SwiftProtobuf|https://github.com/apple/swift-protobuf|1.39.0|Sources/SwiftProtobuf"
    "RoutingKit|https://github.com/vapor/routing-kit|4.9.3|Sources/RoutingKit"
    "MultipartKit|https://github.com/vapor/multipart-kit|4.7.1|Sources/MultipartKit"
    "LeafKit|https://github.com/vapor/leaf-kit|1.14.3|Sources/LeafKit"
    "SQLKit|https://github.com/vapor/sql-kit|3.36.0|Sources/SQLKit"
    "WebSocketKit|https://github.com/vapor/websocket-kit|2.16.2|Sources/WebSocketKit"
    "NIOSSH|https://github.com/apple/swift-nio-ssh|0.15.1|Sources/NIOSSH"
    "GRPCCore|https://github.com/grpc/grpc-swift-2|2.4.3|Sources/GRPCCore"
    "AsyncHTTPClient|https://github.com/swift-server/async-http-client|1.37.0|Sources/AsyncHTTPClient"
    "_OpenAPIGeneratorCore|https://github.com/apple/swift-openapi-generator|1.14.3|Sources/_OpenAPIGeneratorCore"
    "GRPCNIOTransportCore|https://github.com/grpc/grpc-swift-nio-transport|2.9.2|Sources/GRPCNIOTransportCore"
    "FluentKit|https://github.com/vapor/fluent-kit|1.57.0|Sources/FluentKit"
    "JWTKit|https://github.com/vapor/jwt-kit|5.8.0|Sources/JWTKit"
    "ConsoleKitTerminal|https://github.com/vapor/console-kit|4.16.2|Sources/ConsoleKitTerminal"
    "NIOExtras|https://github.com/apple/swift-nio-extras|1.35.2|Sources/NIOExtras"
    "WSCore|https://github.com/hummingbird-project/swift-websocket|1.6.2|Sources/WSCore"
    "CustomDump|https://github.com/pointfreeco/swift-custom-dump|1.7.3|Sources/CustomDump"
    "SystemPackage|https://github.com/apple/swift-system|1.8.1|Sources/System"
    "Algorithms|https://github.com/apple/swift-algorithms|1.2.1|Sources/Algorithms"
    "FlyingSocks|https://github.com/swhitty/FlyingFox|0.27.1|FlyingSocks/Sources"
    "ZIPFoundation|https://github.com/weichsel/ZIPFoundation|0.9.20|Sources/ZIPFoundation"
    "PostgresKit|https://github.com/vapor/postgres-kit|2.17.0|Sources/PostgresKit"
    "SnapshotTesting|https://github.com/pointfreeco/swift-snapshot-testing|1.19.7|Sources/SnapshotTesting"
    "Prometheus|https://github.com/swift-server/swift-prometheus|2.4.1|Sources/Prometheus"
)
OUTPUT_FOLDER=RexGenGenerated
CASE_PATHS_MARK="// Added by RexGen's check-real-modules.sh --case-paths"

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${REXGEN_REAL_MODULES_WORK:-/tmp/rexgen-real-modules}"
REXGEN=""
MAX_ERRORS=20
JOBS=()
REBUILD_BASELINE=0
EXTRA=0
WIDE=0
CASE_PATHS=0
REFERENCES=1
SELECTED=()

usage() { sed -n '2,/^set -uo pipefail/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die_usage() { echo "check-real-modules: $*" >&2; echo "see --help" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --rexgen) [ $# -ge 2 ] || die_usage "--rexgen needs a path"; REXGEN="$2"; shift 2 ;;
        --rexgen=*) REXGEN="${1#*=}"; shift ;;
        --work) [ $# -ge 2 ] || die_usage "--work needs a folder"; WORK="$2"; shift 2 ;;
        --work=*) WORK="${1#*=}"; shift ;;
        --errors) [ $# -ge 2 ] || die_usage "--errors needs a number"; MAX_ERRORS="$2"; shift 2 ;;
        --errors=*) MAX_ERRORS="${1#*=}"; shift ;;
        --jobs|-j) [ $# -ge 2 ] || die_usage "--jobs needs a number"; JOBS=(-j "$2"); shift 2 ;;
        --jobs=*) JOBS=(-j "${1#*=}"); shift ;;
        --rebuild-baseline) REBUILD_BASELINE=1; shift ;;
        --extra) EXTRA=1; shift ;;
        --wide) WIDE=1; shift ;;
        --case-paths) CASE_PATHS=1; shift ;;
        --no-references) REFERENCES=0; shift ;;
        --list) for m in "${MODULES[@]}" "${EXTRA_MODULES[@]}" "${WIDE_MODULES[@]}"; do IFS='|' read -r n u t p <<<"$m"; printf '%-22s %s %s (%s)\n' "$n" "$u" "$t" "$p"; done; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        -*) die_usage "unknown option $1" ;;
        *) SELECTED+=("$1"); shift ;;
    esac
done
[[ "$MAX_ERRORS" =~ ^[0-9]+$ ]] || die_usage "--errors takes a number"

# The modules to check, in the table's order unless named.
PLAN=()
if [ ${#SELECTED[@]} -eq 0 ]; then
    PLAN=("${MODULES[@]}")
else
    for name in "${SELECTED[@]}"; do
        found=""
        for m in "${MODULES[@]}" "${EXTRA_MODULES[@]}" "${WIDE_MODULES[@]}"; do
            if [ "${m%%|*}" = "$name" ] || [ "$(echo "${m%%|*}" | tr '[:upper:]' '[:lower:]')" = "$(echo "$name" | tr '[:upper:]' '[:lower:]')" ]; then found="$m"; fi
        done
        [ -n "$found" ] || die_usage "unknown module $name (known: $(for m in "${MODULES[@]}" "${EXTRA_MODULES[@]}" "${WIDE_MODULES[@]}"; do printf '%s ' "${m%%|*}"; done))"
        PLAN+=("$found")
    done
fi
add_set() {
    local m
    for m in "$@"; do
        case " ${PLAN[*]} " in *" $m "*) ;; *) PLAN+=("$m") ;; esac
    done
}
[ "$EXTRA" = 1 ] && add_set "${EXTRA_MODULES[@]}"
[ "$WIDE" = 1 ] && add_set "${WIDE_MODULES[@]}"
MODE=plain; [ "$CASE_PATHS" = 1 ] && MODE=case-paths

WORK="$(realpath -m "$WORK")"
case "$WORK/" in "$(realpath -m "$REPO")/"*) die_usage "--work must not be inside the repository ($REPO)";; esac
mkdir -p "$WORK" || die_usage "cannot create $WORK"

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
SWIFT_VERSION="$(swift --version 2>/dev/null | head -1)"
[ -n "$SWIFT_VERSION" ] || { echo "check-real-modules: swift not found" >&2; exit 2; }

now() { date +%s; }
duration() { local s=$1; if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi; }

# rexgen: given, or this repo's release build.
if [ -z "$REXGEN" ]; then
    echo "== building rexgen (release) in $REPO"
    start=$(now)
    if ! swift build -c release --product rexgen --package-path "$REPO" "${JOBS[@]}" >"$WORK/rexgen-build.log" 2>&1; then
        echo "check-real-modules: building rexgen failed; see $WORK/rexgen-build.log" >&2
        tail -20 "$WORK/rexgen-build.log" >&2
        exit 2
    fi
    REXGEN="$(swift build -c release --product rexgen --package-path "$REPO" --show-bin-path)/rexgen"
    echo "   built in $(duration $(( $(now) - start )))"
fi
case "$REXGEN" in /*) ;; *) REXGEN="$(pwd)/$REXGEN" ;; esac
"$REXGEN" --version >/dev/null 2>&1 || die_usage "$REXGEN is not a working rexgen"
echo "rexgen:  $REXGEN ($("$REXGEN" --version 2>&1))"
echo "swift:   $SWIFT_VERSION"
echo "work:    $WORK"

# Prints the first distinct compiler errors of a log, and for each one in a generated file the failing line
# and the declaration (extension) it belongs to.
show_errors() {
    local log=$1
    grep -E '^[^ ].*:[0-9]+:[0-9]+: error: ' "$log" | awk '!seen[$0]++' | head -n "$MAX_ERRORS" | while IFS= read -r line; do
        echo "    $line"
        local file lineno
        file="$(echo "$line" | sed -E 's/^(.*):([0-9]+):([0-9]+): error: .*/\1/')"
        lineno="$(echo "$line" | sed -E 's/^(.*):([0-9]+):([0-9]+): error: .*/\2/')"
        case "$file" in
            */"$OUTPUT_FOLDER"/*)
                if [ -f "$file" ]; then
                    echo "        | $(sed -n "${lineno}p" "$file" | sed 's/^ *//')"
                    local ext
                    ext="$(head -n "$lineno" "$file" | grep -E '^ *(public |internal |package |fileprivate |private )?extension ' | tail -1 | sed 's/^ *//; s/ *{ *$//')"
                    [ -n "$ext" ] && echo "        in: $ext"
                fi ;;
        esac
    done
    local total
    total="$(grep -E '^[^ ].*:[0-9]+:[0-9]+: error: ' "$log" | sort -u | wc -l)"
    [ "$total" -gt "$MAX_ERRORS" ] && echo "    ... $((total - MAX_ERRORS)) more distinct errors in $log"
    [ "$total" -eq 0 ] && { echo "    (no file:line: error lines; the log's end:)"; tail -15 "$log" | sed 's/^/    /'; }
    return 0
}

# The manifests --case-paths extended, back as they were.
restore_manifests() {
    local manifest
    for manifest in "$CLONE"/Package*.swift; do
        if [ -f "$manifest" ] && grep -qF "$CASE_PATHS_MARK" "$manifest"; then
            git -C "$CLONE" checkout -q -- "$(basename "$manifest")"
        fi
    done
}

# Every manifest of the clone (SwiftPM picks one by tools version) gets swift-case-paths, unless it names it
# already, and gives the module CasePathsCore.
add_case_paths_dependency() {
    local manifest
    for manifest in "$CLONE"/Package*.swift; do
        [ -f "$manifest" ] || continue
        {
            echo
            echo "$CASE_PATHS_MARK"
            grep -q 'pointfreeco/swift-case-paths' "$manifest" ||
                echo 'package.dependencies.append(.package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"))'
            echo "for target in package.targets where target.name == \"$NAME\" {"
            echo '    target.dependencies.append(.product(name: "CasePathsCore", package: "swift-case-paths"))'
            echo '}'
        } >>"$manifest"
    done
}

BUILT=0
TRIED=0
SUMMARY=()
record() { SUMMARY+=("$(printf '%-22s %-26s baseline %-8s generate %-6s build %-8s %s' "$1" "$2" "$3" "$4" "$5" "$6")"); }

for entry in "${PLAN[@]}"; do
    IFS='|' read -r NAME URL TAG FOLDER <<<"$entry"
    TRIED=$((TRIED + 1))
    PACKAGE="$(basename "$URL")"
    CLONE="$WORK/$PACKAGE-$TAG"
    STATE="$CLONE/.rexgen-check"
    SOURCE="$CLONE/$FOLDER"
    OUT="$SOURCE/$OUTPUT_FOLDER"
    module_start=$(now)
    echo
    echo "== $NAME ($PACKAGE $TAG)"

    if [ "$CASE_PATHS" = 1 ]; then
        case "$PACKAGE" in swift-syntax|swift-case-paths|xctest-dynamic-overlay|swift-issue-reporting)
            echo "   skipped: swift-case-paths depends on $PACKAGE, which cannot depend on it in turn"
            TRIED=$((TRIED - 1)); record "$NAME" "skipped (--case-paths)" - - - -; continue ;;
        esac
    fi

    # 1. Clone once; a reused clone must still be at the tag with nothing changed but our output.
    if [ ! -d "$CLONE/.git" ]; then
        rm -rf "$CLONE"
        if ! git -c advice.detachedHead=false clone -q --branch "$TAG" "$URL" "$CLONE" >"$WORK/$PACKAGE-$TAG.clone.log" 2>&1; then
            echo "   FAILED: cannot clone $URL at $TAG"; sed 's/^/    /' "$WORK/$PACKAGE-$TAG.clone.log" | head -10
            record "$NAME" "failed: clone" - - - "$(duration $(( $(now) - module_start )))"; continue
        fi
    fi
    mkdir -p "$STATE"
    if [ ! -d "$SOURCE" ]; then
        echo "   FAILED: no module folder $FOLDER in $PACKAGE $TAG"
        record "$NAME" "failed: no module folder" - - - "$(duration $(( $(now) - module_start )))"; continue
    fi
    rm -rf "$OUT"
    restore_manifests
    changed="$(git -C "$CLONE" status --porcelain --untracked-files=all -- . ":(exclude).rexgen-check" ":(exclude).build" ":(exclude)Package.resolved" 2>/dev/null | head -5)"
    if [ -n "$changed" ]; then
        echo "   note: the clone has local changes (reset with: git -C $CLONE checkout -f $TAG && git -C $CLONE clean -fd):"
        echo "$changed" | sed 's/^/     /'
    fi

    # Resolve the package's own dependencies (from the network, or the mirror git is pointed at). A committed
    # Package.resolved pins commits a mirror may not have (its commit ids are not GitHub's): without it, the
    # package's own version requirements decide.
    resolved=0
    (cd "$CLONE" && swift package resolve) >"$STATE/resolve.log" 2>&1 && resolved=1
    if [ "$resolved" = 0 ] && [ -f "$CLONE/Package.resolved" ]; then
        echo "   resolving again without the package's Package.resolved (its pins did not resolve)"
        rm -f "$CLONE/Package.resolved"
        (cd "$CLONE" && swift package resolve) >"$STATE/resolve.log" 2>&1 && resolved=1
    fi
    if [ "$resolved" = 0 ]; then
        echo "   FAILED: dependency resolution failed (not RexGen's doing); $STATE/resolve.log:"
        if grep -q '^error:' "$STATE/resolve.log"; then sed -n '/^error:/,$p' "$STATE/resolve.log"; else tail -8 "$STATE/resolve.log"; fi | head -8 | sed 's/^/    /'
        record "$NAME" "failed: resolution" - - - "$(duration $(( $(now) - module_start )))"; continue
    fi

    # 2. Without generated code, once per tag and toolchain.
    marker="$TAG / $SWIFT_VERSION"
    baseline_time="cached"
    if [ "$REBUILD_BASELINE" = 1 ] || [ "$(cat "$STATE/baseline.ok" 2>/dev/null)" != "$marker" ]; then
        rm -f "$STATE/baseline.ok"
        echo "   building $NAME without generated code (dependencies included)..."
        start=$(now)
        if ! (cd "$CLONE" && swift build --target "$NAME" "${JOBS[@]}") >"$STATE/baseline.log" 2>&1; then
            baseline_time="$(duration $(( $(now) - start )))"
            echo "   FAILED: $NAME does not build even without generated code (not RexGen's doing), $baseline_time:"
            MAX_ERRORS=10 show_errors "$STATE/baseline.log"
            record "$NAME" "failed: baseline build" "$baseline_time" - - "$(duration $(( $(now) - module_start )))"; continue
        fi
        baseline_time="$(duration $(( $(now) - start )))"
        echo "$marker" >"$STATE/baseline.ok"
        echo plain >"$STATE/manifest.mode"
        echo "   baseline built in $baseline_time"
    fi

    # 3. Properties for every enum, one file per source, inside the module.
    GENERATE_OPTIONS=(--all-enums --file-per-source --lift none --no-cache)
    [ "$CASE_PATHS" = 1 ] && GENERATE_OPTIONS+=(--case-paths)
    if [ "$REFERENCES" = 1 ] && [ "$(cat "$STATE/manifest.mode" 2>/dev/null)" != "$MODE" ]; then
        # The references are the build manifest's: it must be of a build in this run's mode.
        echo "   building $NAME once without generated code for its $MODE build manifest..."
        [ "$CASE_PATHS" = 1 ] && add_case_paths_dependency
        (cd "$CLONE" && swift build --target "$NAME" "${JOBS[@]}") >"$STATE/manifest.log" 2>&1 || true
        restore_manifests
        echo "$MODE" >"$STATE/manifest.mode"
    fi
    start=$(now)
    if [ "$REFERENCES" = 1 ]; then
        if ! folders="$(python3 "$REPO/Scripts/real-module-references.py" "$CLONE" "$NAME" "$STATE/references.txt" \
                "$OUTPUT_FOLDER" 2>"$STATE/references.log")"; then
            echo "   FAILED: the dependencies' files could not be listed ($STATE/references.log):"
            head -5 "$STATE/references.log" | sed 's/^/    /'
            record "$NAME" "failed: references" "$baseline_time" - - "$(duration $(( $(now) - module_start )))"; continue
        fi
        GENERATE_OPTIONS+=(--reference-list "$STATE/references.txt")
        while IFS= read -r folder; do [ -n "$folder" ] && GENERATE_OPTIONS+=(--reference-module "$folder"); done <<<"$folders"
        echo "   references: $(grep -c . "$STATE/references.txt") files of $(grep -c . <<<"$folders") dependency modules"
    fi
    if ! (cd "$CLONE" && "$REXGEN" generate "$SOURCE" "${GENERATE_OPTIONS[@]}" --output "$OUT") >"$STATE/generate.log" 2>&1; then
        generate_time="$(duration $(( $(now) - start )))"
        echo "   FAILED: rexgen generate failed ($STATE/generate.log):"
        grep -E 'error:' "$STATE/generate.log" | head -n "$MAX_ERRORS" | sed 's/^/    /'
        [ -z "$(grep -E 'error:' "$STATE/generate.log")" ] && tail -10 "$STATE/generate.log" | sed 's/^/    /'
        rm -rf "$OUT"
        record "$NAME" "failed: rexgen generate" "$baseline_time" "$generate_time" - "$(duration $(( $(now) - module_start )))"; continue
    fi
    generate_time="$(duration $(( $(now) - start )))"
    files=$(find "$OUT" -name '*.swift' | wc -l)
    enums=$(cat "$OUT"/*.swift 2>/dev/null | grep -c '^// MARK: - ')
    warnings=$(grep -c 'warning:' "$STATE/generate.log")
    notes=$(grep -c 'note:' "$STATE/generate.log")
    echo "   generated properties for $enums enums in $files files in $generate_time (rexgen: $warnings warning(s), $notes note(s); $STATE/generate.log)"

    # 4. The module with the generated files.
    start=$(now)
    [ "$CASE_PATHS" = 1 ] && add_case_paths_dependency
    echo "$MODE" >"$STATE/manifest.mode"
    if (cd "$CLONE" && swift build --target "$NAME" "${JOBS[@]}") >"$STATE/build.log" 2>&1; then
        build_time="$(duration $(( $(now) - start )))"
        BUILT=$((BUILT + 1))
        warning_lines="$(grep -E "/$OUTPUT_FOLDER/[^:]*:[0-9]+:[0-9]+: warning: " "$STATE/build.log" | sort -u)"
        generated_warnings=$(printf '%s' "$warning_lines" | grep -c .)
        echo "   BUILT with the generated code in $build_time ($generated_warnings distinct warning(s) in generated files)"
        printf '%s' "$warning_lines" | head -n "$MAX_ERRORS" | sed 's/^/    /'
        record "$NAME" "built, $generated_warnings warning(s)" "$baseline_time" "$generate_time" "$build_time" "$(duration $(( $(now) - module_start )))"
    else
        build_time="$(duration $(( $(now) - start )))"
        echo "   FAILED: $NAME does not build with the generated code ($build_time; $STATE/build.log):"
        show_errors "$STATE/build.log"
        record "$NAME" "failed: build" "$baseline_time" "$generate_time" "$build_time" "$(duration $(( $(now) - module_start )))"
    fi
    restore_manifests
done

echo
{
    echo "rexgen $("$REXGEN" --version 2>&1) ($REXGEN), $SWIFT_VERSION"
    printf '%s\n' "${SUMMARY[@]}"
    echo "real modules: $BUILT built / $TRIED tried"
} | tee "$WORK/summary.txt"
[ "$BUILT" -eq "$TRIED" ]
