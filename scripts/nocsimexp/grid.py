"""Axes of a sweep from the command line: key=v (one value), key=a,b,c (a
list) or key=start:stop:step (an inclusive numeric range)."""
import itertools
import re

_NUM = r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?"


class GridError(ValueError):
    pass


def _decimals(text):
    text = text.lower()
    if "e" in text:
        mant, exp = text.split("e")
        return max(0, _decimals(mant) - int(exp))
    return len(text.split(".")[1]) if "." in text else 0


def _range(key, spec):
    start, stop, step = spec.split(":")
    a, b, s = float(start), float(stop), float(step)
    if s <= 0 or b < a:
        raise GridError("%s=%s: a range is start:stop:step with step > 0 and stop >= start" % (key, spec))
    n = int(round((b - a) / s + 1e-9)) + 1
    if n > 100000:
        raise GridError("%s=%s: %d values; at most 100000" % (key, spec, n))
    digits = max(_decimals(start), _decimals(step))
    out = []
    for i in range(n):
        v = round(a + i * s, digits)
        if v > b + 1e-9 * max(1.0, abs(b)):
            break
        out.append(("%.*f" % (digits, v)) if digits else str(int(v)))
    return out


def parse_axis(arg):
    """'key=spec' -> (key, [value strings])."""
    if "=" not in arg:
        raise GridError("%s: expected key=value, key=a,b,c or key=start:stop:step" % arg)
    key, spec = arg.split("=", 1)
    if not key or not re.fullmatch(r"[A-Za-z0-9_.]+", key):
        raise GridError("%s: '%s' is not a configuration key" % (arg, key))
    if not spec:
        raise GridError("%s: no value" % arg)
    if spec.startswith(("[", "{")):  # a YAML list or map (traffic.phases): one value
        return key, [spec]
    if re.fullmatch("%s:%s:%s" % (_NUM, _NUM, _NUM), spec):
        return key, _range(key, spec)
    values = spec.split(",")
    if any(v == "" for v in values):
        raise GridError("%s: empty value in the list" % arg)
    return key, values


def parse_grid(args):
    """[(key, values)] in the order given; a key given twice is an error."""
    axes, seen = [], set()
    for a in args:
        key, values = parse_axis(a)
        if key in seen:
            raise GridError("%s: given twice" % key)
        seen.add(key)
        axes.append((key, values))
    return axes


def points(axes):
    """Every combination, the first axis varying slowest: a list of
    [(key, value)] in axis order."""
    keys = [k for k, _ in axes]
    return [list(zip(keys, combo)) for combo in itertools.product(*[v for _, v in axes])]
