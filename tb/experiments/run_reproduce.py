#!/usr/bin/python3
"""Runs scripts/reproduce/NAME.py --quick into OUT (fresh) and checks what it
promises: exit 0, a README.md with the command, the build that ran it (the
binary's --version) and at least one table, and every picture it names
present as a PNG.
Usage: run_reproduce.py NAME OUT"""
import os
import re
import shutil
import subprocess
import sys

import common


def main():
    name, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    cmd = [os.path.join(common.SCRIPTS, "reproduce", name + ".py"), "--quick", "--jobs", "1", "--nocsim",
           common.NOCSIM, "--out", os.path.join(out, "doc"), "--work", os.path.join(out, "runs")]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, cwd=common.SOURCE)
    if p.returncode != 0:
        sys.exit("%s --quick: exit %d\n%s" % (name, p.returncode, p.stderr[-4000:]))
    readme = os.path.join(out, "doc", "README.md")
    with open(readme) as f:
        text = f.read()
    problems = []
    if "./scripts/reproduce/%s.py --quick" % name not in text:
        problems.append("README.md does not give the command")
    version = subprocess.run([common.NOCSIM, "--version"], capture_output=True, text=True).stdout.split()
    if len(version) != 2 or "(nocsim build %s," % version[1] not in text:
        problems.append("README.md does not name the build that ran (%s)" % " ".join(version))
    if "| --- |" not in text:
        problems.append("README.md holds no table")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    if not images:
        problems.append("README.md shows no picture")
    for img in images:
        path = os.path.join(out, "doc", img)
        if not (os.path.exists(path) and common.is_png(path)):
            problems.append("%s: missing or not a PNG" % img)
    if not any(f.endswith("-runs.csv") for f in os.listdir(os.path.join(out, "doc"))):
        problems.append("no runs CSV")
    if problems:
        sys.exit("%s --quick: %s" % (name, "; ".join(problems)))
    print("%s --quick: README with %d picture(s), tables and CSVs" % (name, len(images)))


if __name__ == "__main__":
    main()
