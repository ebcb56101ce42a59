#!/usr/bin/env python3
"""Every function in core/ and app/ is at most 80 lines long (one thing each), measured by
clang-tidy's readability-function-size over the build's own compile commands. Run by CTest:
    /usr/bin/python3 tests/lint/function_size.py <repository root> <build folder> [<clang-tidy>]
Prints each function over the limit as FILE:LINE NAME (N lines) and exits 1 if there is one.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

LIMIT = 80
# GCC's own options that clang does not know; they change code generation, never the source.
GCC_ONLY = re.compile(r"^-f(vect-cost-model=.*|no-tree-slp-vectorize)$")


def measured(root, build):
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    folders = tuple(os.path.join(root, part) + os.sep for part in ("core", "app"))
    kept = []
    for entry in commands:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        if not source.startswith(folders):
            continue
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        entry = dict(entry, arguments=[a for a in arguments if not GCC_ONLY.match(a)])
        entry.pop("command", None)
        kept.append(entry)
    return kept


def too_long(clang_tidy, database, source):
    run = subprocess.run(
        [clang_tidy, "-p", database, "--quiet", "--checks=-*,readability-function-size",
         "--config={CheckOptions: [{key: readability-function-size.LineThreshold, value: %d}]}"
         % LIMIT, source],
        capture_output=True, text=True)
    found = re.findall(r"^(.*?):(\d+):\d+: warning: function '([^']+)' exceeds.*\n"
                       r"(?:.*\n)*?.*note: (\d+) lines including", run.stdout, re.MULTILINE)
    errors = [line for line in run.stdout.splitlines() if ": error: " in line]
    return found, errors


def main():
    root, build = os.path.realpath(sys.argv[1]), sys.argv[2]
    clang_tidy = sys.argv[3] if len(sys.argv) > 3 else "clang-tidy"
    entries = measured(root, build)
    if not entries:
        print("no source of core/ or app/ in the compile commands")
        return 1
    with tempfile.TemporaryDirectory() as database:
        with open(os.path.join(database, "compile_commands.json"), "w") as f:
            json.dump(entries, f)
        sources = sorted({os.path.join(e["directory"], e["file"]) for e in entries})
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = list(pool.map(lambda s: too_long(clang_tidy, database, s), sources))
    functions, errors = set(), []
    for found, file_errors in results:
        functions.update(found)
        errors += file_errors
    for error in errors:
        print(error)
    for path, line, name, lines in sorted(functions):
        print(f"{os.path.relpath(path, root)}:{line} {name} ({lines} lines)")
    print(f"{len(sources)} sources read, {len(functions)} functions over {LIMIT} lines, "
          f"{len(errors)} errors")
    return 1 if functions or errors else 0


if __name__ == "__main__":
    sys.exit(main())
