#!/usr/bin/env python3
"""
Independent reference values for the tear-sheet golden tests (plain python 3, no numpy).

Each statistic is written out from the reference formula of empyrical or quantstats (numpy's linear-interpolation
percentile, pandas' bias-corrected skew and kurtosis, statistics.NormalDist for the normal distribution), without
looking at the TypeScript implementation. The cases are built from integers (a MINSTD generator), so both sides
start from bit-identical NAVs.

Run: python3 services/portfolio/golden/tear_sheet_reference.py > services/portfolio/golden/tear-sheet-golden.json
"""
import json
import math
import statistics
from datetime import date, timedelta

NORMAL = statistics.NormalDist()
YEAR = 252
EULER_GAMMA = 0.5772156649015329


# ---- the cases -------------------------------------------------------------------------------------------------

def minstd(seed):
    while True:
        seed = seed * 48271 % 2147483647
        yield seed


def weekdays(start, n):
    out, d = [], start
    while len(out) < n:
        if d.weekday() < 5:
            out.append(d)
        d += timedelta(days=1)
    return out


def noise(seed, n):
    """n integers in [-1000, 1000] from a MINSTD stream."""
    gen = minstd(seed)
    return [next(gen) % 2001 - 1000 for _ in range(n)]


def navs_of(returns, start):
    navs = [start]
    for r in returns:
        navs.append(navs[-1] * (1 + r))
    return navs


def long_case():
    """800 weekdays from 2023-01-02; r = own noise + 0.7 x the benchmark's return that day. The benchmark runs 840
    weekdays but published nothing on weekdays 600 to 614 (a gap of its own)."""
    dates = weekdays(date(2023, 1, 2), 840)
    b = [x / 80000 + 0.0002 for x in noise(7, 839)]
    bench_navs = navs_of(b, 3000.0)
    own = noise(42, 799)
    navs = navs_of([own[i] / 100000 + 0.7 * b[i] + 0.0001 for i in range(799)], 100.0)
    keep = [i for i in range(840) if not 600 <= i < 615]
    return {"dates": dates[:800], "navs": navs, "bench_dates": [dates[i] for i in keep], "bench_navs": [bench_navs[i] for i in keep]}


def cases():
    gapped = [date(2025, 12, 30), date(2026, 1, 5), date(2026, 1, 6), date(2026, 1, 20), date(2026, 2, 3),
              date(2026, 2, 27), date(2026, 3, 31), date(2026, 4, 1), date(2026, 5, 15), date(2026, 7, 1)]
    return {
        "short": {"dates": weekdays(date(2026, 3, 2), 6), "navs": [100, 102, 99, 101, 98, 103]},
        "long": long_case(),
        "flat": {"dates": weekdays(date(2026, 3, 2), 10), "navs": [100.0] * 10},
        "negative": {"dates": weekdays(date(2026, 3, 2), 10), "navs": [100, 99, 93, 86, 85, 77, 75, 70, 64, 61]},
        "gapped": {"dates": gapped, "navs": [100, 97, 99, 104, 101, 95, 96, 108, 103, 110]},
    }


# ---- the formulas ----------------------------------------------------------------------------------------------

def np_percentile(xs, q):
    s = sorted(xs)
    rank = q / 100 * (len(s) - 1)
    lo = math.floor(rank)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (rank - lo)


def sample_std(xs):
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def pandas_skew(xs):
    n = len(xs)
    m = sum(xs) / n
    s2 = sum((x - m) ** 2 for x in xs)
    s3 = sum((x - m) ** 3 for x in xs)
    if n < 3 or math.sqrt(s2 / n) <= 1e-12:
        return None
    return n * math.sqrt(n - 1) / (n - 2) * s3 / s2 ** 1.5


def pandas_kurt(xs):
    n = len(xs)
    m = sum(xs) / n
    s2 = sum((x - m) ** 2 for x in xs)
    s4 = sum((x - m) ** 4 for x in xs)
    if n < 4 or math.sqrt(s2 / n) <= 1e-12:
        return None
    return ((n + 1) * n * (n - 1) * s4 / s2 ** 2 - 3 * (n - 1) ** 2) / ((n - 2) * (n - 3))


def psr(sr, n, skew, kurt, threshold=0.0):
    # Bailey and Lopez de Prado: (SR - SR*) sqrt(n - 1) / sqrt(1 - g3 SR + (g4 - 1) / 4 SR^2), g4 = excess + 3
    rad = 1 - skew * sr + (kurt + 3 - 1) / 4 * sr * sr
    return NORMAL.cdf((sr - threshold) * math.sqrt(n - 1) / math.sqrt(rad))


def years_before(d, k):
    try:
        return d.replace(year=d.year - k)
    except ValueError:
        return d.replace(year=d.year - k, day=28)


def tear_sheet(dates, navs, bench=None):
    n = len(navs)
    r = [navs[i] / navs[i - 1] - 1 for i in range(1, n)]
    peak, dd = -math.inf, []
    for v in navs:
        peak = max(peak, v)
        dd.append(v / peak - 1)
    last = dates[-1]

    def since(start):
        base = navs[0]
        for d, v in zip(dates, navs):
            if d < start:
                base = v
        return navs[-1] / base - 1

    def trailing(k):
        start = years_before(last, k)
        if dates[0] > start:
            return None
        base = [v for d, v in zip(dates, navs) if d <= start][-1]
        return navs[-1] / base - 1

    q_month = (last.month - 1) // 3 * 3 + 1
    periods = {"mtd": since(date(last.year, last.month, 1)), "qtd": since(date(last.year, q_month, 1)),
               "ytd": since(date(last.year, 1, 1)), "one_year": trailing(1), "three_year": trailing(3),
               "since_inception": navs[-1] / navs[0] - 1}

    months = {}
    for d, x in zip(dates[1:], r):
        months.setdefault((d.year, d.month), []).append(x)
    monthly = [[y, m, math.prod(1 + x for x in xs) - 1] for (y, m), xs in sorted(months.items())]

    # Underwater segments: runs of points below the running peak.
    periods_dd, i = [], 1
    while i < n:
        if dd[i] < 0:
            j = i
            while j + 1 < n and dd[j + 1] < 0:
                j += 1
            p = i - 1
            trough = min(range(i, j + 1), key=lambda k: (navs[k], k))
            rec = j + 1 if j + 1 < n else None
            end = dates[rec] if rec is not None else dates[-1]
            periods_dd.append({"peak": dates[p].isoformat(), "trough": dates[trough].isoformat(),
                               "recovery": dates[rec].isoformat() if rec is not None else None,
                               "depth": navs[trough] / navs[p] - 1, "days": (end - dates[p]).days})
            i = j + 1
        else:
            i += 1
    worst = sorted(periods_dd, key=lambda x: (x["depth"], x["peak"]))[:5]

    bench_by_date = dict(zip(*bench)) if bench else {}
    pairs = []
    for k in range(1, n):
        a, b = bench_by_date.get(dates[k - 1]), bench_by_date.get(dates[k])
        pairs.append((r[k - 1], b / a - 1 if a is not None and b is not None else None))
    comp = [(x, y) for x, y in pairs if y is not None]

    def beta_of(cp):
        if len(cp) < 2:
            return None
        mx = sum(x for x, _ in cp) / len(cp)
        my = sum(y for _, y in cp) / len(cp)
        return sum((x - mx) * (y - my) for x, y in cp) / sum((y - my) ** 2 for _, y in cp)

    risk = {"beta": None, "correlation": None, "tracking_error": None, "information_ratio": None}
    if len(comp) >= 2:
        xs, ys = [x for x, _ in comp], [y for _, y in comp]
        active = [x - y for x, y in comp]
        te = sample_std(active)
        risk = {"beta": beta_of(comp), "correlation": statistics.correlation(xs, ys),
                "tracking_error": te * math.sqrt(YEAR), "information_ratio": sum(active) / len(active) / te * math.sqrt(YEAR)}

    nr = len(r)
    std = sample_std(r) if nr >= 2 else None
    skew, kurt = pandas_skew(r), pandas_kurt(r)
    p5, p95 = np_percentile(r, 5), np_percentile(r, 95)
    cut = int((nr - 1) * 0.05)
    gains, losses = sum(x for x in r if x > 0), -sum(x for x in r if x < 0)
    moved = [x for x in r if x != 0]
    sr = (sum(r) / nr) / std if std and std > 1e-12 else None
    risk.update({
        "var95": p5,
        "cvar95": sum(sorted(r)[:cut + 1]) / (cut + 1),
        "tail_ratio": abs(p95) / abs(p5) if p5 != 0 else None,
        "omega": gains / losses if losses > 0 and nr >= 2 else None,
        "ulcer": math.sqrt(sum(x * x for x in dd[1:]) / (nr - 1)) if nr >= 2 else None,
        "skew": skew,
        "kurtosis": kurt,
        "win_rate": sum(1 for x in r if x > 0) / len(moved) if moved else None,
        "psr": psr(sr, nr, skew, kurt) if None not in (sr, skew, kurt) else None,
    })

    rolling = {}
    for w in (63, 126, 252):
        pts = []
        for end in range(w, nr + 1):
            win = pairs[end - w:end]
            xs = [x for x, _ in win]
            sd = sample_std(xs)
            b = beta_of(win) if all(y is not None for _, y in win) else None
            pts.append([dates[end].isoformat(), (sum(xs) / w) / sd * math.sqrt(YEAR) if sd > 1e-12 else None,
                        sd * math.sqrt(YEAR), b])
        rolling[w] = {"count": len(pts), "at": {str(k): pts[k] for k in (0, 100, 500, 560, len(pts) - 1) if 0 <= k < len(pts)}}
    return {"period_returns": periods, "monthly": monthly, "drawdowns": worst, "risk": risk, "rolling": rolling,
            "period_sharpe": sr}


def deflated(trials, sr, n, skew, kurt):
    sd = sample_std([s / math.sqrt(YEAR) for s in trials])
    k = len(trials)
    sr0 = sd * ((1 - EULER_GAMMA) * NORMAL.inv_cdf(1 - 1 / k) + EULER_GAMMA * NORMAL.inv_cdf(1 - 1 / (k * math.e)))
    return {"trials_sharpe_std": sample_std(trials), "expected_max_sharpe": sr0 * math.sqrt(YEAR),
            "deflated_sharpe": psr(sr, n, skew, kurt, sr0)}


# The 26 annualized Sharpe ratios of the deflated-Sharpe case (the long series' Sharpe is added as the 26th).
TRIALS = [1.31, 0.42, -0.2, 0.88, 1.05, 0.13, -0.77, 0.64, 0.29, 1.62, -0.05, 0.51, 0.97,
          0.36, -0.41, 0.72, 1.18, 0.08, 0.59, -0.12, 0.85, 0.23, 1.44, 0.67, -0.33]


def main():
    out = {}
    for name, c in cases().items():
        bench = (c["bench_dates"], c["bench_navs"]) if "bench_dates" in c else None
        out[name] = tear_sheet(c["dates"], c["navs"], bench)
    long = out["long"]
    trials = TRIALS + [long["period_sharpe"] * math.sqrt(YEAR)]
    out["deflated"] = {"trials": trials, **deflated(trials, long["period_sharpe"], 799, long["risk"]["skew"], long["risk"]["kurtosis"])}
    out["normal"] = {"cdf": [[x, NORMAL.cdf(x)] for x in (-8.5, -3.2, -1.0, 0.0, 0.3, 1.7, 2.9, 3.1, 6.0)],
                     "quantile": [[p, NORMAL.inv_cdf(p)] for p in (1e-6, 0.01, 1 / (26 * math.e), 0.5, 1 - 1 / 26, 0.975, 0.999999)]}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
