#!/usr/bin/python3
"""One task of a Slurm job array: runs line INDEX of TASKS.jsonl (a task per
line, as scripts/sweep.py writes them) and writes its results and meta file.
Usage: task.py TASKS.jsonl INDEX"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.runs import run_task  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        tasks = [json.loads(line) for line in f if line.strip()]
    i = int(sys.argv[2])
    if not 0 <= i < len(tasks):
        sys.exit("task.py: index %d outside 0..%d" % (i, len(tasks) - 1))
    meta = run_task(tasks[i])
    sys.exit(0 if meta["exit_code"] == 0 else 1)


if __name__ == "__main__":
    main()
