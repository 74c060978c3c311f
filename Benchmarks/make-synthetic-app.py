#!/usr/bin/env python3
"""Writes the synthetic app the benchmarks run on: 5,000 Swift files, 2,000 action enums in trees four
levels deep (13 roots, each with 5 children, 25 grandchildren and 125 great-grandchildren, less a few), and
about 200,000 lines, the rest being ordinary code (structs, functions, comments, strings).

Deterministic: the same arguments always write the same bytes.

usage: make-synthetic-app.py DIR [--files 5000] [--enums 2000]
"""
import argparse
import pathlib

from synthetic_code import filler

parser = argparse.ArgumentParser()
parser.add_argument("directory")
parser.add_argument("--files", type=int, default=5000)
parser.add_argument("--enums", type=int, default=2000)
arguments = parser.parse_args()
root = pathlib.Path(arguments.directory)
root.mkdir(parents=True, exist_ok=True)

# Tree layout: node i's children are the next ids breadth-first, branching 5, depth 4.
BRANCHING, LEVELS = 5, 4
per_tree = sum(BRANCHING ** level for level in range(LEVELS))
children = {}
names = []
next_id = 0
while next_id < arguments.enums:
    tree_root = next_id
    level_nodes = [tree_root]
    next_id += 1
    for _ in range(1, LEVELS):
        new_level = []
        for parent in level_nodes:
            for _ in range(BRANCHING):
                if next_id >= arguments.enums:
                    break
                children.setdefault(parent, []).append(next_id)
                new_level.append(next_id)
                next_id += 1
        level_nodes = new_level

def enum_name(index):
    return f"Feature{index:04d}Action"

def enum_file(index):
    lines = [
        "import Foundation",
        "",
        f"/// Actions of feature {index}: a generated benchmark input.",
        f"public enum {enum_name(index)}: Sendable {{",
        "    case appeared",
        "    case disappeared",
        "    case refresh(force: Bool)",
        "    case loaded(items: [String], page: Int)",
        "    case failed(message: String, code: Int)",
        "    case selected(id: Int)",
        "    case filterChanged(String)",
        "    case sortChanged(ascending: Bool)",
    ]
    for child in children.get(index, []):
        lines.append(f"    case child{child:04d}({enum_name(child)})")
    lines += ["}", ""]
    lines += filler(f"{index:04d}", index, 40 - len(lines))
    return "\n".join(lines) + "\n"

for index in range(arguments.enums):
    (root / f"Feature{index:04d}.swift").write_text(enum_file(index))
for index in range(arguments.enums, arguments.files):
    (root / f"Support{index:04d}.swift").write_text("import Foundation\n\n" + "\n".join(filler(f"{index:04d}", index, 40)) + "\n")
