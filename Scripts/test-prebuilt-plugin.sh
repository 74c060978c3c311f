#!/usr/bin/env bash
# The release's artifact bundle, used for real: builds it from the working tree (Scripts/make-release.py:
# release binaries, a few minutes), writes the package users add (Plugins/Package) pointing at it as a local
# `.binaryTarget(path:)`, builds Examples/MovieApp with that package's plugin, and checks that
#   - no RexGen code was compiled in that build (the plugin ran the prebuilt tool);
#   - each command the plugin ran with the prebuilt tool, run again with the source-built tool, writes the
#     same files byte for byte;
#   - the app runs and prints what the example's code makes it print;
#   - a bundle without a variant for this machine fails with SwiftPM's error, promptly (no hang).
# Run by `swift test` (ReleaseTests.testTheExampleAppBuildsWithTheReleaseBundle: a few minutes, the release
# build's), by hand before a release, and in the release workflow.
#
# usage: Scripts/test-prebuilt-plugin.sh [WORKDIR]   (default: a new temporary folder, kept for inspection)
# The source-built tool is REXGEN_SOURCE_TOOL when set (the test passes its own), else built here (debug).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
work=${1:-$(mktemp -d /tmp/rexgen-prebuilt.XXXXXX)}
mkdir -p "$work"
echo "work folder: $work"

python3 Scripts/make-release.py --output "$work/dist" --plugins-package "$work/RexGenPlugins" > "$work/release.json"

# MovieApp against the plugins package.
rm -rf "$work/prebuilt" && mkdir -p "$work/prebuilt" && cp -R Examples/MovieApp "$work/prebuilt/MovieApp"
rm -rf "$work/prebuilt/MovieApp/.build"
python3 - "$work/prebuilt/MovieApp/Package.swift" "$work/RexGenPlugins" <<'EOF'
import sys
path, plugins = sys.argv[1:]
text = open(path).read()
old = '.package(name: "RexGen", path: "../..")'
assert text.count(old) == 1, "Examples/MovieApp/Package.swift changed"
text = text.replace(old, f'.package(path: "{plugins}")').replace('package: "RexGen")', 'package: "RexGenPlugins")')
open(path, "w").write(text)
EOF
started=$SECONDS
swift build --package-path "$work/prebuilt/MovieApp" -v > "$work/prebuilt.log" 2>&1 || { tail -30 "$work/prebuilt.log"; exit 1; }
echo "prebuilt: built in $((SECONDS - started)) s"

if grep -E -- "-module-name (RexGenCore|RexGenBuildTool|CLibClang)( |$)" "$work/prebuilt.log" >/dev/null; then
    echo "FAIL: the prebuilt plugin's build compiled RexGen code"; exit 1
fi
grep -q "RexGenBinaries" "$work/prebuilt/MovieApp/.build/workspace-state.json" \
    || { echo "FAIL: the artifact bundle is not in the build's workspace state"; exit 1; }

# The source-built tool, given each command line the build printed for the prebuilt one, into a folder of
# its own: the same files, byte for byte.
source_tool=${REXGEN_SOURCE_TOOL:-}
if [ -z "$source_tool" ]; then
    swift build --product RexGenBuildTool > "$work/source-tool.log" 2>&1 || { tail -30 "$work/source-tool.log"; exit 1; }
    source_tool="$(swift build --show-bin-path)/RexGenBuildTool"
fi
rm -rf "$work/source"
python3 - "$work/prebuilt.log" "$source_tool" "$work/source" <<'EOF'
import filecmp, os, shlex, subprocess, sys
log, tool, scratch = sys.argv[1:]
commands = []
for line in open(log, encoding="utf-8", errors="replace"):
    try:
        words = shlex.split(line)
    except ValueError:
        continue
    if words and words[0].endswith("/bin/RexGenBuildTool") and ".artifactbundle" in words[0] and "--output" in words:
        commands.append(words)
if not commands:
    sys.exit("FAIL: the build printed no command running the prebuilt RexGenBuildTool")
compared = []
for number, words in enumerate(commands):
    at = len(words) - 1 - words[::-1].index("--output")
    prebuilt_output, source_output = words[at + 1], os.path.join(scratch, str(number))
    os.makedirs(source_output)
    subprocess.run([tool] + words[1:at + 1] + [source_output] + words[at + 2:], check=True, stdout=subprocess.DEVNULL)
    names = sorted(name for name in os.listdir(prebuilt_output) if name.endswith(".swift"))
    theirs = sorted(name for name in os.listdir(source_output) if name.endswith(".swift"))
    if not names or names != theirs:
        sys.exit(f"FAIL: different generated files in {prebuilt_output}: {names} against {theirs}")
    for name in names:
        if not filecmp.cmp(os.path.join(prebuilt_output, name), os.path.join(source_output, name), shallow=False):
            sys.exit(f"FAIL: {name} differs ({prebuilt_output} against {source_output})")
    target = os.path.basename(os.path.dirname(os.path.dirname(os.path.normpath(prebuilt_output))))
    compared += [f"{target}/{name}" for name in names]
print("generated files identical: " + " ".join(sorted(compared)))
EOF
printed="$("$work/prebuilt/MovieApp/.build/debug/MovieApp")"
grep -qF "state: 2 movies, open 7, dark mode true" <<<"$printed" \
    || { echo "FAIL: the app printed something else:"; echo "$printed"; exit 1; }
echo "the app prints what its code makes it print"

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
