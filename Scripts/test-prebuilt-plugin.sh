#!/usr/bin/env bash
# The release's artifact bundle, used for real: builds it from the working tree (Scripts/make-release.py:
# release binaries, a few minutes), writes the package users add (Plugins/Package) pointing at it as a local
# `.binaryTarget(path:)`, builds Examples/MovieApp with that package's plugin, and checks that
#   - no RexGen code was compiled in that build (the plugin ran the prebuilt tool);
#   - the generated files are byte for byte those of the source-built tool (MovieApp built against RexGen);
#   - the app prints the same;
#   - a bundle without a variant for this machine fails with SwiftPM's error, promptly (no hang).
# Run by `swift test` (ReleaseTests.testTheExampleAppBuildsWithTheReleaseBundle: a few minutes, the release
# build's), by hand before a release, and in the release workflow.
#
# usage: Scripts/test-prebuilt-plugin.sh [WORKDIR]   (default: a new temporary folder, kept for inspection)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
work=${1:-$(mktemp -d /tmp/rexgen-prebuilt.XXXXXX)}
mkdir -p "$work"
echo "work folder: $work"

python3 Scripts/make-release.py --output "$work/dist" --plugins-package "$work/RexGenPlugins" > "$work/release.json"

# MovieApp twice: against RexGen (source-built tool, as in the repository) and against the plugins package.
copy_app() { # name, package line, package name
    rm -rf "$work/$1" && mkdir -p "$work/$1" && cp -R Examples/MovieApp "$work/$1/MovieApp"
    rm -rf "$work/$1/MovieApp/.build"
    python3 - "$work/$1/MovieApp/Package.swift" "$2" "$3" <<'EOF'
import sys
path, line, name = sys.argv[1:]
text = open(path).read()
old = '.package(name: "RexGen", path: "../..")'
assert text.count(old) == 1, "Examples/MovieApp/Package.swift changed"
text = text.replace(old, line).replace('package: "RexGen")', f'package: "{name}")')
open(path, "w").write(text)
EOF
}
copy_app source ".package(name: \"RexGen\", path: \"$root\")" RexGen
copy_app prebuilt ".package(path: \"$work/RexGenPlugins\")" RexGenPlugins

build() { # name
    local started=$SECONDS
    swift build --package-path "$work/$1/MovieApp" -v > "$work/$1.log" 2>&1 || { tail -30 "$work/$1.log"; exit 1; }
    echo "$1: built in $((SECONDS - started)) s"
}
build source
build prebuilt

if grep -E -- "-module-name (RexGenCore|RexGenBuildTool|CLibClang)( |$)" "$work/prebuilt.log" >/dev/null; then
    echo "FAIL: the prebuilt plugin's build compiled RexGen code"; exit 1
fi
grep -q "RexGenBinaries" "$work/prebuilt/MovieApp/.build/workspace-state.json" \
    || { echo "FAIL: the artifact bundle is not in the build's workspace state"; exit 1; }

outputs() { # name -> the generated files, by target and file name
    (cd "$work/$1/MovieApp/.build/plugins/outputs" && find . -path '*/RexGenPlugin/*.swift' | sort \
        | sed -E 's#^\./[^/]+/([^/]+)/destination/RexGenPlugin/#\1/#')
}
[ "$(outputs source)" = "$(outputs prebuilt)" ] && [ -n "$(outputs source)" ] \
    || { echo "FAIL: different generated files"; diff <(outputs source) <(outputs prebuilt); exit 1; }
while read -r file; do
    target=${file%%/*}
    a=$(find "$work/source/MovieApp/.build/plugins/outputs" -path "*/$target/destination/RexGenPlugin/${file#*/}")
    b=$(find "$work/prebuilt/MovieApp/.build/plugins/outputs" -path "*/$target/destination/RexGenPlugin/${file#*/}")
    cmp "$a" "$b" || { echo "FAIL: $file differs"; diff "$a" "$b" | head -20; exit 1; }
done < <(outputs source)
echo "generated files identical: $(outputs source | tr '\n' ' ')"
[ "$("$work/source/MovieApp/.build/debug/MovieApp")" = "$("$work/prebuilt/MovieApp/.build/debug/MovieApp")" ] \
    || { echo "FAIL: the apps print differently"; exit 1; }
echo "apps print the same"

# A bundle without this machine's variant: SwiftPM must refuse it with its error, not hang.
# (a folder named as the package: a path dependency's identity is its folder's name)
rm -rf "$work/foreign" && mkdir -p "$work/foreign" && cp -R "$work/RexGenPlugins" "$work/foreign/RexGenPlugins"
python3 - "$work/foreign/RexGenPlugins/Artifacts/rexgen.artifactbundle/info.json" <<'EOF'
import json, sys
path = sys.argv[1]
info = json.load(open(path))
for artifact in info["artifacts"].values():
    artifact["variants"] = [{"path": artifact["variants"][0]["path"],
                             "supportedTriples": ["arm64-apple-macosx", "x86_64-apple-macosx"]}]
json.dump(info, open(path, "w"), indent=2)
EOF
rm -rf "$work/foreign-app" && cp -R "$work/prebuilt" "$work/foreign-app" && rm -rf "$work/foreign-app/MovieApp/.build"
sed -i "s#$work/RexGenPlugins#$work/foreign/RexGenPlugins#" "$work/foreign-app/MovieApp/Package.swift"
started=$SECONDS
if timeout 600 swift build --package-path "$work/foreign-app/MovieApp" > "$work/foreign.log" 2>&1; then
    echo "FAIL: a bundle without this machine's variant built"; exit 1
fi
status=$?
[ "$status" -ne 124 ] || { echo "FAIL: the build with a foreign-only bundle hung"; exit 1; }
grep -i "error" "$work/foreign.log" | head -3
grep -q "is not supported on the target platform" "$work/foreign.log" \
    || { echo "FAIL: no error naming the missing variant"; tail -20 "$work/foreign.log"; exit 1; }
echo "foreign-only bundle: refused in $((SECONDS - started)) s"
echo "PASS"
