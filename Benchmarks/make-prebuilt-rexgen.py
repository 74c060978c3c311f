#!/usr/bin/env python3
"""Writes a copy of RexGen whose build plugin runs a prebuilt `RexGenBuildTool` from an artifact bundle (as
SwiftLint's and SwiftGen's plugins do) instead of building it from source, for compare.sh to measure what the
clean-build target would take. RexGen itself does not ship this: an artifact bundle is a release asset, and
this repository has no releases (the statically linked tool was then about 59 MB stripped, per platform; 15.5 MB
since it needs only FoundationEssentials).

The copy is the working tree (without build folders, Git data and the benchmarks), its Package.swift patched
so that the build plugin depends on a binary target holding the given executable. Generated into a temporary
directory by compare.sh; never committed.

usage: make-prebuilt-rexgen.py OUTDIR --rexgen-package DIR --tool BIN --triple TRIPLE
  BIN is a release `RexGenBuildTool` linked with --static-swift-stdlib, so it runs without a toolchain's
  runtime; OUTDIR/RexGen is the package (its directory name is its identity, as for the original).
"""
import argparse
import json
import pathlib
import shutil

parser = argparse.ArgumentParser()
parser.add_argument("directory")
parser.add_argument("--rexgen-package", required=True, help="RexGen's package directory")
parser.add_argument("--tool", required=True, help="a release RexGenBuildTool built with --static-swift-stdlib")
parser.add_argument("--triple", required=True, help="the host's triple, as the artifact bundle names it")
arguments = parser.parse_args()

source = pathlib.Path(arguments.rexgen_package).resolve()
package = pathlib.Path(arguments.directory).resolve() / "RexGen"
shutil.copytree(source, package, ignore=shutil.ignore_patterns(
    ".build", ".build-*", ".build_*", ".git", ".swiftpm", "Package.resolved", "Benchmarks"))

bundle = package / "Artifacts" / "RexGenBuildTool.artifactbundle"
executable = bundle / arguments.triple / "bin" / "RexGenBuildTool"
executable.parent.mkdir(parents=True)
shutil.copy2(arguments.tool, executable)
(bundle / "info.json").write_text(json.dumps({
    "schemaVersion": "1.0",
    "artifacts": {"RexGenBuildTool": {
        "version": "0.0.0-benchmark",
        "type": "executable",
        "variants": [{"path": str(executable.relative_to(bundle)), "supportedTriples": [arguments.triple]}],
    }},
}, indent=2) + "\n")

# The plugin keeps asking for the tool named `RexGenBuildTool`; only where it comes from changes.
manifest = package / "Package.swift"
text = manifest.read_text()
edits = [
    ('dependencies: ["RexGenBuildTool"]', 'dependencies: ["RexGenBuildToolBinary"]'),
    ("    targets: [\n", "    targets: [\n        .binaryTarget(name: \"RexGenBuildToolBinary\", "
                       "path: \"Artifacts/RexGenBuildTool.artifactbundle\"),\n"),
]
for old, new in edits:
    if text.count(old) != 1:
        raise SystemExit(f"make-prebuilt-rexgen.py: Package.swift no longer has exactly one {old!r}")
    text = text.replace(old, new)
manifest.write_text(text)
