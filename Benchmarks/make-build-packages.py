#!/usr/bin/env python3
"""Writes the three packages whose builds compare.sh times: one target of 200 action enums (the synthetic
app's generator with --files 200 --enums 200, so four-level trees) whose enum properties come

- plugin/       from RexGen's build plugin (RexGen itself is a path dependency, so its build is included);
- prebuilt/     the same, from a copy of RexGen whose plugin runs a prebuilt tool (with --prebuilt-rexgen-package:
                see make-prebuilt-rexgen.py; what the clean-build target would take, not what RexGen ships);
- casepaths/    from Point-Free's @CasePathable macro (swift-case-paths 1.10.0, which builds swift-syntax);
- handwritten/  written by hand: each enum's properties in an extension in the enum's own file, as a person
                would keep them. The text is RexGen's own output for that enum, so all three targets carry
                the same properties and only where they come from differs.

Each package's one target is `Feature`; compare.sh edits Feature0001.swift in it for the incremental builds.
Generated into a temporary directory by compare.sh; never committed.

usage: make-build-packages.py OUTDIR --rexgen-package DIR --rexgen BIN [--prebuilt-rexgen-package DIR] [--enums 200]
"""
import argparse
import pathlib
import re
import shutil
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("directory")
parser.add_argument("--rexgen-package", required=True, help="RexGen's package directory (for the plugin)")
parser.add_argument("--rexgen", required=True, help="a built rexgen executable (to write the hand-written copy)")
parser.add_argument("--prebuilt-rexgen-package", help="a copy of RexGen whose plugin runs a prebuilt tool")
parser.add_argument("--enums", type=int, default=200)
arguments = parser.parse_args()

out = pathlib.Path(arguments.directory).resolve()
here = pathlib.Path(__file__).resolve().parent
synthetic = out / "synthetic"
subprocess.run([sys.executable, str(here / "make-synthetic-app.py"), str(synthetic),
                "--files", str(arguments.enums), "--enums", str(arguments.enums)], check=True)
sources = sorted(synthetic.glob("*.swift"))

MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "{name}",
    dependencies: [{dependency}],
    targets: [
        .target(name: "Feature"{extra}),
    ]
)
"""

def write_package(name, dependency, extra, transform):
    root = out / name
    target = root / "Sources" / "Feature"
    target.mkdir(parents=True)
    (root / "Package.swift").write_text(MANIFEST.format(name=name, dependency=dependency, extra=extra))
    for source in sources:
        (target / source.name).write_text(transform(source.name, source.read_text()))

def write_plugin_package(name, rexgen_package):
    write_package(
        name, f'\n        .package(name: "RexGen", path: "{pathlib.Path(rexgen_package).resolve()}"),\n    ',
        ', plugins: [.plugin(name: "RexGenPlugin", package: "RexGen")]', lambda name, text: text)

write_plugin_package("plugin", arguments.rexgen_package)
if arguments.prebuilt_rexgen_package:
    write_plugin_package("prebuilt", arguments.prebuilt_rexgen_package)

write_package(
    "casepaths", '\n        .package(url: "https://github.com/pointfreeco/swift-case-paths", exact: "1.10.0"),\n    ',
    ', dependencies: [.product(name: "CasePaths", package: "swift-case-paths")]',
    lambda name, text: text.replace("import Foundation\n", "import CasePaths\nimport Foundation\n", 1)
                           .replace("public enum ", "@CasePathable\npublic enum ", 1))

# RexGen's output for all enums at once, cut at its "// MARK: - <enum>" lines into one extension per enum.
generated = subprocess.run([arguments.rexgen, "generate", str(synthetic), "--lift", "none", "--quiet"],
                           check=True, capture_output=True, text=True).stdout
extensions = {}
for chunk in re.split(r"^// MARK: - ", generated, flags=re.M)[1:]:
    enum, _, body = chunk.partition("\n")
    extensions[enum.strip()] = body.strip() + "\n"

def with_properties(name, text):
    enum = re.search(r"public enum (\w+)", text)
    if not enum:
        return text
    return text + "\n" + extensions[enum.group(1)]

write_package("handwritten", "", "", with_properties)
shutil.rmtree(synthetic)
