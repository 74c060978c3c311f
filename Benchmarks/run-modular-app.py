#!/usr/bin/env python3
"""Times the build plugin's commands on the modular app of make-modular-app.py (issue 19), as SwiftPM runs
them: one process, every argument on its command line (llbuild spawns it directly, no shell; a shell would
add tens of milliseconds of its own for 23,000 arguments).

For each scenario, three cold runs (each into a new output folder), then RUNS rounds of: nothing changed, and three edits
of one enum, each added in one round and removed in the next: a case without payload (`edited`), a case
whose payload is no action (`payload-edited`), a case carrying a new action enum declared in the same
file (`tree-edited`: the action tree gains a leaf), and a case carrying an action enum that already exists,
screen 01 of the same module (`carry-edited`: the tree gains an edge). In the rounds that add the new
enum, it is then renamed, in its declaration and its case (`renamed`). The last three change the tree,
which `TreeEdit` edits rather than building it again. Each edited file is dated a minute back, as an editor leaves
it no sooner than a build starts. Prints one line per run, `key seconds peak-MB`, for compare.sh to take medians of;
`--verbose` adds the tool's stage timings on stderr.

With several tools (`--tool A --tool-name a --tool B --tool-name b`), each has its own output folders and
they take turns run by run: after each edit, every tool runs once, so a burst of load falls on all alike.

usage: run-modular-app.py APP_DIR --tool PATH [--tool-name NAME] [--tool PATH [--tool-name NAME] …] [--runs 7]
       [--work DIR] [--verbose]
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("app")
parser.add_argument("--tool", required=True, action="append",
                    help="RexGenBuildTool (or rexgen generate's equivalent); repeat it to compare tools")
parser.add_argument("--tool-name", action="append", help="a name for each tool's keys: release, debug, …")
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--work", help="where the output folders go (default: a temporary folder)")
parser.add_argument("--verbose", action="store_true")
parser.add_argument("--scenarios", default="app,feature,single", help="which of app, feature, single to run")
arguments = parser.parse_args()
app = pathlib.Path(arguments.app).resolve()
tool_names = arguments.tool_name or (["tool"] if len(arguments.tool) == 1 else [])
if len(tool_names) != len(arguments.tool) or len(set(tool_names)) != len(tool_names):
    sys.exit("run-modular-app.py: give each --tool a --tool-name of its own")
TOOLS = list(zip(tool_names, arguments.tool))
work = pathlib.Path(arguments.work or tempfile.mkdtemp(prefix="rexgen-modular."))

# The scenarios: the app target (its one file, every module's as references), a feature target (its own
# files), and the whole app as one target. The file each edits: a leaf screen of a module the app reaches
# through AppAction, or one of the feature target's own.
SCENARIOS = [
    ("app", "app.args", app / "Features/Feature042/Feature042Screen10Action.swift"),
    ("feature", "feature.args", app / "Features/Feature040/Feature040Screen10Action.swift"),
    ("single", "single.args", app / "Features/Feature042/Feature042Screen10Action.swift"),
]
# A case with a payload that is no action: the file's summary changes, but not what generation reads of it.
PAYLOAD_CASE = "benchmarkPayload([Int])"
# A case carrying a new action enum: the action tree gains a leaf.
TREE_EDIT = ("benchmarkChild(BenchmarkChildAction)", "\npublic enum BenchmarkChildAction: Sendable {\n    case tapped\n}\n")
# The same enum under another name, which the `renamed` edit gives it.
RENAMED = tuple(part.replace("BenchmarkChildAction", "BenchmarkRenamedAction") for part in TREE_EDIT)
EDIT = re.compile(r"^(public enum \w+: Sendable \{)$", re.M)


def run(command, key):
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if status != 0:
        sys.stderr.write(stderr.decode(errors="replace")[-3000:])
        sys.exit(f"run-modular-app.py: {key} failed (status {status})")
    if arguments.verbose:
        stages = re.findall(rb": (collect|cache|read\+parse|analysis|render|write) +([0-9.]+) ms", stderr)
        sys.stderr.write(f"{key}: {seconds * 1000:.1f} ms; " + ", ".join(f"{s.decode()} {ms.decode()}" for s, ms in stages) + "\n")
    # ru_maxrss is in kilobytes on Linux.
    print(f"{key} {seconds:.6f} {usage.ru_maxrss / 1024:.1f}", flush=True)


def toggle(path, case="benchmarkEdit", declaration=""):
    line = f"    case {case}\n"
    text = path.read_text()
    if line in text:
        edited = text.replace(line, "").replace(declaration, "")
    else:
        edited = EDIT.sub(r"\1\n" + line.rstrip("\n"), text, count=1) + declaration
    write_a_minute_back(path, edited)


def write_a_minute_back(path, text):
    path.write_text(text)
    minute_ago = time.time() - 60
    os.utime(path, (minute_ago, minute_ago))


def carried_case(path):
    """A case carrying screen 01 of the edited file's module, an action enum the tree already has."""
    return f"benchmarkCarry({re.sub(r'Screen[0-9]+Action$', 'Screen01Action', path.stem)})"


def tree_edit_in(path):
    """The new enum's edit as the file has it now: under its first name or under the one `renamed` gave it."""
    return RENAMED if f"    case {RENAMED[0]}\n" in path.read_text() else TREE_EDIT


# Files written just now are "racily clean" (see IncrementalReading): an app's files are older than that.
old = time.time() - 120
for folder, _, names in os.walk(app):
    for name in names:
        if name.endswith(".swift"):
            os.utime(os.path.join(folder, name), (old, old))

for scenario, args_file, edited in SCENARIOS:
    if scenario not in arguments.scenarios.split(","):
        continue
    command_line = (app / args_file).read_text().split("\n")[:-1]
    outputs = {name: work / f"{name}-{scenario}" for name, _ in TOOLS}

    def run_each(kind):
        """Every tool once, each into its own output folder: `modular.NAME.SCENARIO.KIND`."""
        for name, tool in TOOLS:
            run([tool] + command_line + [str(outputs[name]), "--verbose"], f"modular.{name}.{scenario}.{kind}")

    # What starting a process with these arguments costs, included in every figure below.
    for _ in range(3):
        run(["/bin/true"] + command_line, f"modular.{scenario}.spawn")
    # Each cold run writes into a folder that never existed, and the folders are deleted only after the
    # scenario: ext4 skips inodes freed in the last minutes when it allocates new ones, so creating 23,000
    # files right after deleting 23,000 took 2 to 5 s more, a cost of the benchmark's deletions that no
    # user's cold build pays. The rounds go on in the last cold run's folder, moved into place.
    cold_outputs = {name: [work / f"{name}-{scenario}-cold{attempt}" for attempt in range(3)] for name, _ in TOOLS}
    for output in outputs.values():
        shutil.rmtree(output, ignore_errors=True)
    for attempt in range(3):
        for name, tool in TOOLS:
            cold_output = cold_outputs[name][attempt]
            shutil.rmtree(cold_output, ignore_errors=True)
            run([tool] + command_line + [str(cold_output), "--verbose"], f"modular.{name}.{scenario}.cold")
    for name, _ in TOOLS:
        os.rename(cold_outputs[name][-1], outputs[name])
    for _ in range(arguments.runs):
        run_each("unchanged")
        toggle(edited)
        run_each("edited")
        toggle(edited, PAYLOAD_CASE)
        run_each("payload-edited")
        toggle(edited, *tree_edit_in(edited))
        run_each("tree-edited")
        toggle(edited, carried_case(edited))
        run_each("carry-edited")
        if f"    case {TREE_EDIT[0]}\n" in edited.read_text():
            write_a_minute_back(edited, edited.read_text().replace("BenchmarkChildAction", "BenchmarkRenamedAction"))
            run_each("renamed")
    for edit in (("benchmarkEdit",), (PAYLOAD_CASE,), tree_edit_in(edited), (carried_case(edited),)):
        if f"    case {edit[0]}\n" in edited.read_text():
            toggle(edited, *edit)
    for name, _ in TOOLS:
        for cold_output in cold_outputs[name][:-1]:
            shutil.rmtree(cold_output, ignore_errors=True)
        if not arguments.work:
            shutil.rmtree(outputs[name], ignore_errors=True)
if not arguments.work:
    shutil.rmtree(work, ignore_errors=True)
