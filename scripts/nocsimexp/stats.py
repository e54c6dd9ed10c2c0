"""Mean and 95% confidence interval (Student t) of repeated runs."""
import math

# Two-sided 95% quantiles t(0.975, df) for df = 1..30, then a few anchors;
# between anchors the quantile is interpolated linearly in 1/df, which is
# within 0.001 of the exact value (any statistics table, e.g. NIST/SEMATECH
# e-Handbook of Statistical Methods, table 1.3.6.7.2).
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
_ANCHORS = [(30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980), (math.inf, 1.960)]


def t975(df):
    """The 97.5% quantile of Student's t with df degrees of freedom."""
    if df < 1:
        raise ValueError("t quantile needs df >= 1")
    if df <= 30:
        return _T975[int(df) - 1]
    for (d0, t0), (d1, t1) in zip(_ANCHORS, _ANCHORS[1:]):
        if d0 <= df <= d1:
            x0, x1, x = 1 / d0, (0 if d1 == math.inf else 1 / d1), 1 / df
            return t0 + (t1 - t0) * (x0 - x) / (x0 - x1)
    return 1.960


def mean_ci(values):
    """(mean, half-width of the 95% confidence interval); the half-width is
    None for fewer than two values."""
    n = len(values)
    if n == 0:
        return None, None
    m = sum(values) / n
    if n < 2:
        return m, None
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, t975(n - 1) * math.sqrt(var / n)
