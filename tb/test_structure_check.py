#!/usr/bin/python3
"""scripts/structure_check finds an upward include, two folders including
each other and a key read in two files, and passes a tree without them."""
import pathlib
import subprocess
import sys
import tempfile

CHECK = pathlib.Path(__file__).resolve().parent.parent / "scripts" / "structure_check"


def tree(files):
    d = pathlib.Path(tempfile.mkdtemp())
    for path, text in files.items():
        (d / path).parent.mkdir(parents=True, exist_ok=True)
        (d / path).write_text(text)
    (d / "topologies").mkdir(exist_ok=True)
    return d


def run(d):
    r = subprocess.run([sys.executable, str(CHECK), str(d)], capture_output=True, text=True)
    return r.returncode, r.stdout


clean = {
    "sc_models/vc/buffer_config.cpp": '#include "core/config.h"\nint v = cfg.get_int("router.vcs");\n',
    "sc_models/router/router_config.cpp": '#include "vc/buffer_config.h"\nint d = as_int(cfg, "router.speedup");\n',
}
code, out = run(tree(clean))
assert code == 0 and out == "", (code, out)

bad = dict(clean)
bad["sc_models/vc/one_vc.cpp"] = '#include "sim/network.h"\nint v = as_int(cfg, "router.vcs");\n'
bad["sc_models/link/keys.cpp"] = '#include "vc/selection.h"\n'
bad["sc_models/vc/keys.cpp"] = '#include "link/link.h"\n'
code, out = run(tree(bad))
assert code == 1, (code, out)
for expected in ("sc_models/vc/one_vc.cpp: includes sim/, which sits above vc/",
                 "folders link/ and vc/ include each other",
                 "router.vcs is read in 2 files: sc_models/vc/buffer_config.cpp, sc_models/vc/one_vc.cpp"):
    assert expected in out, (expected, out)
print("ok")
