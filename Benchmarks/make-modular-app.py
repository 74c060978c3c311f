#!/usr/bin/env python3
"""Writes the modular app the benchmarks run on (issue 19): an app target and, by default, 200 feature
modules of about 5,000 lines each (1 M lines, 23,000 files, 10,000 action enums), as a large SwiftPM app
is laid out:

    DIR/App/AppAction.swift                  the root action: one case per feature module
    DIR/Features/FeatureNNN/*.swift          a module: 50 action enums in a tree under FeatureNNNAction,
                                             three levels deep (branching 7), the rest ordinary code
    DIR/app.args, DIR/feature.args,          the build plugin's command lines, one argument per line
    DIR/single.args

The tree crosses modules as apps' trees do: `AppAction.featureNNN(FeatureNNNAction)`, except that every
tenth module's root carries the next module's root instead (a feature embedding another), so that module
hangs one level deeper.
`app.args` is the command the plugin runs for the app target (its own file as source, every feature
module's files as references, each module named with `--reference-module`); `feature.args` is feature module 40's own command (its files as sources,
the module it embeds as references); `single.args` is the same 1 M lines as one target (every file a
source). All end with `--output`, for the caller to append a folder.

Deterministic: the same arguments always write the same bytes.

usage: make-modular-app.py DIR [--modules 200] [--files-per-module 115] [--enums-per-module 50]
"""
import argparse
import pathlib

from synthetic_code import filler

parser = argparse.ArgumentParser()
parser.add_argument("directory")
parser.add_argument("--modules", type=int, default=200)
parser.add_argument("--files-per-module", type=int, default=115)
parser.add_argument("--enums-per-module", type=int, default=50)
arguments = parser.parse_args()
root = pathlib.Path(arguments.directory).resolve()
BRANCHING = 7
FILE_LINES = 43  # 115 files of 43 lines: about 5,000 lines a module


def module_name(module):
    return f"Feature{module:03d}"


def enum_name(module, index):
    return f"{module_name(module)}Action" if index == 0 else f"{module_name(module)}Screen{index:02d}Action"


def embedded(module):
    """The other module's action this module's root carries, if any."""
    if module % 10 == 0 and module + 1 < arguments.modules:
        return module + 1
    return None


def enum_lines(module, index):
    children = [child for child in range(index * BRANCHING + 1, index * BRANCHING + BRANCHING + 1)
                if child < arguments.enums_per_module]
    lines = [
        f"/// Actions of screen {index} of {module_name(module)}: a generated benchmark input.",
        f"public enum {enum_name(module, index)}: Sendable {{",
        "    case appeared",
        "    case refresh(force: Bool)",
        "    case loaded(items: [String], page: Int)",
        "    case failed(message: String, code: Int)",
        "    case selected(id: Int)",
    ]
    lines += [f"    case screen{child:02d}({enum_name(module, child)})" for child in children]
    other = embedded(module) if index == 0 else None
    if other is not None:
        lines.append(f"    case embedded{other:03d}({enum_name(other, 0)})")
    return lines + ["}", ""]


app_sources = [root / "App" / "AppAction.swift"]
references = []
feature_sources = {}
for module in range(arguments.modules):
    folder = root / "Features" / module_name(module)
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for index in range(arguments.files_per_module):
        path = folder / (f"{enum_name(module, index)}.swift" if index < arguments.enums_per_module
                         else f"{module_name(module)}Support{index:03d}.swift")
        lines = ["import Foundation", ""]
        # The root's file imports the module whose root it carries, as Swift needs to name it.
        if index == 0 and embedded(module) is not None:
            lines = ["import Foundation", f"import {module_name(embedded(module))}", ""]
        if index < arguments.enums_per_module:
            lines += enum_lines(module, index)
        tag = f"{module:03d}x{index:03d}"
        lines += filler(tag, tag, FILE_LINES - len(lines))
        path.write_text("\n".join(lines) + "\n")
        files.append(path)
    feature_sources[module] = files
    references += files

(root / "App").mkdir(parents=True, exist_ok=True)
embedded_modules = {embedded(module) for module in range(arguments.modules)}
app_lines = ["import Foundation"] + [f"import {module_name(module)}" for module in range(arguments.modules)
                                     if module not in embedded_modules]
app_lines += ["", "/// The app's root action: one case per feature module not embedded in another.", "public enum AppAction: Sendable {"]
app_lines += [f"    case feature{module:03d}({enum_name(module, 0)})" for module in range(arguments.modules)
              if module not in embedded_modules]
app_lines += ["}", ""]
app_sources[0].write_text("\n".join(app_lines))


def write_arguments(name, sources, references):
    lines = [str(path) for path in sources]
    if references:
        lines += ["--reference"] + [str(path) for path in references]
        # As the build plugin names each dependency target's module.
        for folder in sorted({path.parent for path in references}):
            lines += ["--reference-module", f"{folder.name}={folder}"]
    lines += ["--lift", "swiftrex", "--file-per-source", "--output"]
    (root / name).write_text("\n".join(lines) + "\n")


write_arguments("app.args", app_sources, references)
write_arguments("single.args", app_sources + references, [])
feature = min(40, arguments.modules - 1)
write_arguments("feature.args", feature_sources[feature],
                feature_sources[embedded(feature)] if embedded(feature) is not None else [])
