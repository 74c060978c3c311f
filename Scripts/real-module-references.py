#!/usr/bin/env python3
"""The references the build plugin would pass for one module of a built package, for check-real-modules.sh.

The build plugin passes every dependency target's Swift files as `--reference` and each target's module and
folder as `--reference-module NAME=DIR`. PackagePlugin is not at hand outside a plugin, so this reads the same
from SwiftPM's build manifest of the package's last build (`.build/debug.yaml`): each Swift module's compile
command names its sources and the `.swiftmodule`s it reads, from which the module's dependencies follow.

usage: real-module-references.py PACKAGE_DIR MODULE LIST_FILE [EXCLUDED_FOLDER_NAME]
Writes the reference files, one per line, to LIST_FILE, and prints one `NAME=DIR` per line (the modules).
Files in a folder named EXCLUDED_FOLDER_NAME (the generated code's) are left out.
"""
import json
import os
import sys


def swift_modules(manifest_path):
    """Module name -> (Swift sources, names of the modules it imports), from the llbuild manifest."""
    modules = {}
    current = None
    with open(manifest_path, encoding="utf-8") as manifest:
        for line in manifest:
            if line.startswith('  "C.') and line.rstrip().endswith('":'):
                current = {}
            elif current is not None and line.startswith("    inputs: "):
                current["inputs"] = json.loads(line[len("    inputs: "):])
            elif current is not None and line.startswith("    args: "):
                args = json.loads(line[len("    args: "):])
                if "-module-name" in args and "inputs" in current:
                    name = args[args.index("-module-name") + 1]
                    inputs = current["inputs"]
                    sources = [path for path in inputs if path.endswith(".swift")]
                    imported = [os.path.basename(path)[: -len(".swiftmodule")]
                                for path in inputs if path.endswith(".swiftmodule")]
                    if sources and name not in modules:
                        modules[name] = (sources, imported)
                current = None
    return modules


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    package, module, list_file = sys.argv[1], sys.argv[2], sys.argv[3]
    excluded = sys.argv[4] if len(sys.argv) == 5 else None
    modules = swift_modules(os.path.join(package, ".build", "debug.yaml"))
    if module not in modules:
        sys.exit(f"real-module-references: no Swift module '{module}' in {package}/.build/debug.yaml")
    # The manifest spells paths as SwiftPM resolved them: both spellings of the package's folder.
    build_folders = {os.path.join(spelling(package), ".build") + os.sep for spelling in (os.path.abspath, os.path.realpath)}

    def is_target_source(path):
        # Plugin and build outputs are no target's files; dependencies' checkouts are.
        for build_folder in build_folders:
            if path.startswith(build_folder) and not path.startswith(build_folder + "checkouts" + os.sep):
                return False
        return excluded is None or excluded not in path.split(os.sep)

    dependencies, pending = [], list(modules[module][1])
    while pending:
        name = pending.pop()
        if name in dependencies or name == module or name not in modules:
            continue
        dependencies.append(name)
        pending += modules[name][1]
    files, folders = [], []
    for name in sorted(dependencies):
        sources = [path for path in modules[name][0] if is_target_source(path)]
        if not sources:
            continue
        files += sources
        folders.append(f"{name}={os.path.commonpath([os.path.dirname(path) for path in sources])}")
    with open(list_file, "w", encoding="utf-8") as listed:
        listed.writelines(path + "\n" for path in files)
    print("\n".join(folders))


if __name__ == "__main__":
    main()
