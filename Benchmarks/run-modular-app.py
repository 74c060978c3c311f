#!/usr/bin/env python3
"""Times the build plugin's commands on the modular app of make-modular-app.py (issue 19), as SwiftPM runs
them: one process, every argument on its command line (llbuild spawns it directly, no shell; a shell would
add tens of milliseconds of its own for 23,000 arguments).

For each scenario, three cold runs (each into a new output folder), then RUNS rounds of: nothing changed, and three edits
of one enum, each added in one round and removed in the next: a case without payload (`edited`), a case
whose payload is no action (`payload-edited`), and a case carrying a new action enum declared in the same
file (`tree-edited`: the action tree changes). Each edited file is dated a minute back, as an editor leaves
it no sooner than a build starts. Prints one line per run, `key seconds peak-MB`, for compare.sh to take medians of;
`--verbose` adds the tool's stage timings on stderr.

usage: run-modular-app.py APP_DIR --tool PATH [--tool-name NAME] [--runs 7] [--work DIR] [--verbose]
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
parser.add_argument("--tool", required=True, help="RexGenBuildTool (or rexgen generate's equivalent)")
parser.add_argument("--tool-name", default="tool", help="a name for the keys: release, debug, …")
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--work", help="where the output folders go (default: a temporary folder)")
parser.add_argument("--verbose", action="store_true")
parser.add_argument("--scenarios", default="app,feature,single", help="which of app, feature, single to run")
arguments = parser.parse_args()
app = pathlib.Path(arguments.app).resolve()
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
# A case carrying a new action enum: the action tree changes, so the whole app is analysed again.
TREE_EDIT = ("benchmarkChild(BenchmarkChildAction)", "\npublic enum BenchmarkChildAction: Sendable {\n    case tapped\n}\n")
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
    path.write_text(edited)
    minute_ago = time.time() - 60
    os.utime(path, (minute_ago, minute_ago))


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
    output = work / f"{arguments.tool_name}-{scenario}"
    command = [arguments.tool] + command_line + [str(output), "--verbose"]
    # What starting a process with these arguments costs, included in every figure below.
    for _ in range(3):
        run(["/bin/true"] + command_line, f"modular.{scenario}.spawn")
    # Each cold run writes into a folder that never existed, and the folders are deleted only after the
    # scenario: ext4 skips inodes freed in the last minutes when it allocates new ones, so creating 23,000
    # files right after deleting 23,000 took 2 to 5 s more, a cost of the benchmark's deletions that no
    # user's cold build pays. The rounds go on in the last cold run's folder, moved into place.
    shutil.rmtree(output, ignore_errors=True)
    cold_outputs = [work / f"{arguments.tool_name}-{scenario}-cold{attempt}" for attempt in range(3)]
    for cold_output in cold_outputs:
        shutil.rmtree(cold_output, ignore_errors=True)
        run([arguments.tool] + command_line + [str(cold_output), "--verbose"], f"modular.{arguments.tool_name}.{scenario}.cold")
    os.rename(cold_outputs[-1], output)
    for _ in range(arguments.runs):
        run(command, f"modular.{arguments.tool_name}.{scenario}.unchanged")
        toggle(edited)
        run(command, f"modular.{arguments.tool_name}.{scenario}.edited")
        toggle(edited, PAYLOAD_CASE)
        run(command, f"modular.{arguments.tool_name}.{scenario}.payload-edited")
        toggle(edited, *TREE_EDIT)
        run(command, f"modular.{arguments.tool_name}.{scenario}.tree-edited")
    for edit in (("benchmarkEdit",), (PAYLOAD_CASE,), TREE_EDIT):
        if f"    case {edit[0]}\n" in edited.read_text():
            toggle(edited, *edit)
    for cold_output in cold_outputs[:-1]:
        shutil.rmtree(cold_output, ignore_errors=True)
    if not arguments.work:
        shutil.rmtree(output, ignore_errors=True)
if not arguments.work:
    shutil.rmtree(work, ignore_errors=True)
