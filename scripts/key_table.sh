#!/usr/bin/env bash
# Rewrites the configuration-key table of docs/user-guide.md from the schema
# (build/nocsim --list-keys). Run after adding or changing a key.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=$(./build/nocsim --list-keys | python3 -c '
import re, sys
print("| key | default | allowed | meaning |")
print("| --- | --- | --- | --- |")
for line in sys.stdin:
    k, d, a, doc = re.match(r"(\S+) = (\S*)(?:  \[(.*?)\])?  # (.*)", line.rstrip()).groups()
    allowed = ", ".join("`%s`" % x for x in a.split("|")) if a else ""
    print("| `%s` | `%s` | %s | %s |" % (k, d, allowed, doc))')
python3 - "$rows" <<'PY'
import re, sys
p = "docs/user-guide.md"
s = open(p).read()
s = re.sub(r"<!-- keys:begin -->.*<!-- keys:end -->", "<!-- keys:begin -->\n" + sys.argv[1] + "\n<!-- keys:end -->", s, flags=re.S)
open(p, "w").write(s)
PY
