#!/usr/bin/env python3
"""Builds RexGen's release artifacts: an artifact bundle holding `RexGenBuildTool` (what the build plugin runs)
and the `rexgen` CLI, prebuilt, for the machine this runs on; its zip; and the zip's checksum as
`swift package compute-checksum` prints it. The version is RexGen's own (`RexGenVersion.current`).

  Linux: release, statically linked to the Swift runtime (--static-swift-stdlib), dead-stripped, stripped;
         one variant for the machine's architecture (x86_64-unknown-linux-gnu or aarch64-unknown-linux-gnu).
  macOS: release, universal (arm64 + x86_64), stripped; one variant for both macOS triples.

Variants built elsewhere are merged with --merge (an .artifactbundle folder or its zip): the release workflow
builds each platform on its own runner and assembles the bundle with `--no-build --merge ... --merge ...`.

--plugins-package DIR writes the package users add (Plugins/Package, its symlinks copied as files) to DIR,
its manifest pointing at the prebuilt tools: at --download-url with the checksum computed here (a release),
or, without --download-url, at the bundle folder itself (`.binaryTarget(path:)`: the local test of
Scripts/test-prebuilt-plugin.sh). The URL and checksum are only ever written here, never by hand.

usage: Scripts/make-release.py [--output DIR] [--scratch-path DIR] [--no-build] [--merge BUNDLE]...
                               [--plugins-package DIR [--download-url URL]]
Prints the version, the bundle, the zip, its checksum and each binary's size; writes them to
OUTPUT/release.json too.
"""
import argparse
import json
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUNDLE = "rexgen.artifactbundle"
# artifact name (what `context.tool(named:)` asks for) -> the SwiftPM product that builds it
ARTIFACTS = {"RexGenBuildTool": "RexGenBuildTool", "rexgen": "rexgen"}
MARKER = "// rexgen-release: written by Scripts/make-release.py"


def version() -> str:
    text = (ROOT / "Sources/RexGenCore/Rendering/GeneratedFile.swift").read_text()
    match = re.search(r'enum RexGenVersion \{\s*public static let current = "([^"]+)"', text)
    if not match:
        sys.exit("make-release.py: RexGenVersion.current not found")
    return match.group(1)


def run(arguments, **options):
    print("+", " ".join(map(str, arguments)), file=sys.stderr, flush=True)
    return subprocess.run(list(map(str, arguments)), check=True, **options)


def host_variant():
    """(variant folder suffix, supported triples, extra `swift build` arguments, products folder)."""
    system, machine = platform.system(), platform.machine()
    if system == "Linux":
        arch = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}[machine]
        return (f"linux-{arch}", [f"{arch}-unknown-linux-gnu"],
                ["--static-swift-stdlib", "-Xlinker", "--gc-sections"], "release")
    if system == "Darwin":
        return ("macos", ["arm64-apple-macosx", "x86_64-apple-macosx"],
                ["--arch", "arm64", "--arch", "x86_64"], "apple/Products/Release")
    sys.exit(f"make-release.py: no release variant for {system}")


def build_host_variant(bundle: pathlib.Path, scratch: pathlib.Path, the_version: str):
    suffix, triples, flags, products = host_variant()
    variants = {}
    for artifact, product in ARTIFACTS.items():
        run(["swift", "build", "--package-path", ROOT, "--scratch-path", scratch, "-c", "release",
             "--product", product, *flags])
        built = scratch / products / product
        relative = pathlib.Path(f"{artifact}-{the_version}-{suffix}") / "bin" / artifact
        destination = bundle / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, destination)
        run(["strip", destination])
        variants[artifact] = [{"path": str(relative), "supportedTriples": triples}]
    return variants


def read_bundle(source: pathlib.Path, work: pathlib.Path) -> pathlib.Path:
    if source.suffix == ".zip":
        target = work / source.stem
        unzip(source, target)
        found = list(target.glob("*.artifactbundle"))
        if len(found) != 1:
            sys.exit(f"make-release.py: {source} holds no single .artifactbundle")
        return found[0]
    return source


def merge(bundle: pathlib.Path, variants: dict, other: pathlib.Path):
    info = json.loads((other / "info.json").read_text())
    for artifact, description in info["artifacts"].items():
        for variant in description["variants"]:
            known = [triple for existing in variants.get(artifact, []) for triple in existing["supportedTriples"]]
            if set(variant["supportedTriples"]) & set(known):
                sys.exit(f"make-release.py: {other} repeats a variant of {artifact} for {variant['supportedTriples']}")
            folder = pathlib.Path(variant["path"]).parts[0]
            if not (bundle / folder).exists():
                shutil.copytree(other / folder, bundle / folder, symlinks=True)
            variants.setdefault(artifact, []).append(variant)


def write_info(bundle: pathlib.Path, variants: dict, the_version: str):
    info = {"schemaVersion": "1.0", "artifacts": {
        artifact: {"version": the_version, "type": "executable", "variants": variants[artifact]}
        for artifact in sorted(variants)}}
    (bundle / "info.json").write_text(json.dumps(info, indent=2) + "\n")


def zip_bundle(bundle: pathlib.Path, archive: pathlib.Path):
    """A reproducible zip (fixed dates, sorted entries) that keeps the executables' mode bits."""
    archive.unlink(missing_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as output:
        for path in sorted([bundle, *bundle.rglob("*")]):
            name = str(path.relative_to(bundle.parent)) + ("/" if path.is_dir() else "")
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.create_system = 3  # Unix, so unzip restores the mode
            mode = path.stat().st_mode
            entry.external_attr = ((mode & 0o7777) | (0o040000 if path.is_dir() else 0o100000)) << 16
            if path.is_dir():
                entry.external_attr |= 0x10
                output.writestr(entry, b"")
            else:
                entry.compress_type = zipfile.ZIP_DEFLATED
                output.writestr(entry, path.read_bytes())


def unzip(archive: pathlib.Path, target: pathlib.Path):
    with zipfile.ZipFile(archive) as source:
        for entry in source.infolist():
            path = source.extract(entry, target)
            mode = (entry.external_attr >> 16) & 0o7777
            if mode:
                os.chmod(path, mode)


def checksum(archive: pathlib.Path) -> str:
    result = run(["swift", "package", "--package-path", ROOT, "compute-checksum", archive],
                 stdout=subprocess.PIPE, text=True)
    return result.stdout.strip()


def write_plugins_package(target: pathlib.Path, binary: str):
    """Copies Plugins/Package (symlinks followed: the published package has no RexGen beside it) and writes
    the line the manifest marks."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "Plugins/Package", target, symlinks=False,
                    ignore=shutil.ignore_patterns(".build", ".swiftpm", "Package.resolved"))
    manifest = target / "Package.swift"
    lines = manifest.read_text().split("\n")
    marked = [index for index, line in enumerate(lines) if line.endswith(MARKER)]
    if len(marked) != 1:
        sys.exit("make-release.py: Plugins/Package/Package.swift has no single line marked " + MARKER)
    lines[marked[0]] = f"let tools: Tools = {binary}  {MARKER}"
    manifest.write_text("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", default=str(ROOT / ".build-release/dist"))
    parser.add_argument("--scratch-path", default=str(ROOT / ".build-release/build"))
    parser.add_argument("--no-build", action="store_true", help="only merge the --merge bundles")
    parser.add_argument("--merge", action="append", default=[], help="a bundle (folder or zip) built elsewhere")
    parser.add_argument("--plugins-package", help="write the package users add here")
    parser.add_argument("--download-url", help="the zip's release URL, for --plugins-package")
    arguments = parser.parse_args()

    the_version = version()
    output = pathlib.Path(arguments.output).resolve()
    bundle = output / BUNDLE
    if bundle.exists():
        shutil.rmtree(bundle)
    bundle.mkdir(parents=True)
    variants = {} if arguments.no_build else build_host_variant(
        bundle, pathlib.Path(arguments.scratch_path).resolve(), the_version)
    with tempfile.TemporaryDirectory() as work:
        for other in arguments.merge:
            merge(bundle, variants, read_bundle(pathlib.Path(other).resolve(), pathlib.Path(work)))
    if sorted(variants) != sorted(ARTIFACTS):
        sys.exit("make-release.py: no variants (build here or --merge bundles)")
    write_info(bundle, variants, the_version)

    archive = output / f"rexgen-{the_version}.artifactbundle.zip"
    zip_bundle(bundle, archive)
    the_checksum = checksum(archive)
    (output / f"{archive.name}.checksum").write_text(the_checksum + "\n")
    sizes = {str(path.relative_to(bundle)): path.stat().st_size for path in sorted(bundle.rglob("bin/*"))}
    report = {"version": the_version, "bundle": str(bundle), "zip": str(archive),
              "zipSize": archive.stat().st_size, "checksum": the_checksum, "binaries": sizes}
    (output / "release.json").write_text(json.dumps(report, indent=2) + "\n")

    if arguments.plugins_package:
        if arguments.download_url:
            binary = f'.release(url: "{arguments.download_url}", checksum: "{the_checksum}")'
        else:
            binary = f'.bundle(path: "Artifacts/{BUNDLE}")'
        package = pathlib.Path(arguments.plugins_package).resolve()
        write_plugins_package(package, binary)
        if not arguments.download_url:  # a binary target's path is inside its package
            shutil.copytree(bundle, package / "Artifacts" / BUNDLE, symlinks=True)
        report["pluginsPackage"] = str(pathlib.Path(arguments.plugins_package).resolve())
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
