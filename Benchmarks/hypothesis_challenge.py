"""The shrinking challenge's problems run with Hypothesis itself, for the side-by-side figures
beside `cardcheck bench-harness --challenge` (Docs/property-testing.md). Not a test: it prints
one line per challenge (ideal rate, median test calls in the shrink phase).

    pip install hypothesis
    python3 Benchmarks/hypothesis_challenge.py [--seeds N] [--only NAME,NAME]

Each problem is written from the challenge's page as a Hypothesis user writes it, the same
problems `ShrinkingChallenge+Catalog.swift` rewrites with the harness's API. "calls" counts the
test function's calls during the shrink phase (Hypothesis's own statistics, cache hits not
counted, overruns included); "ran" those whose draw completed and ran the test body; "after
first failure" every call from the first failing case to the end: the generation Hypothesis
goes on with (it shrinks the smallest failure it found) plus the shrink phase.
"""

import argparse
import sys

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis.statistics import collector


def wrap16(n):
    return (n + 32768) % 65536 - 32768


def bound5():
    ints = st.lists(st.integers(-32768, 32767)).filter(lambda x: wrap16(sum(x)) < 256)

    def test(p):
        assert wrap16(sum(wrap16(sum(x)) for x in p)) < 5 * 256

    return st.tuples(ints, ints, ints, ints, ints), test, lambda p: sorted(sum(p, [])) == [-32768, -1] and sum(
        1 for x in p if x) == 2


def large_union_list():
    def test(ls):
        assert len(set().union(*ls)) <= 4

    return st.lists(st.lists(st.integers())), test, lambda ls: len(ls) == 1 and sorted(ls[0]) == [-2, -1, 0, 1, 2]


def reverse():
    def test(ls):
        assert list(reversed(ls)) == ls

    return st.lists(st.integers()), test, lambda ls: sorted(ls) == [0, 1]


expressions = st.deferred(lambda: st.one_of(
    st.integers(), st.tuples(st.just("+"), expressions, expressions), st.tuples(st.just("/"), expressions, expressions)))


def div_subterms(e):
    if isinstance(e, int):
        return True
    if e[0] == "/" and e[-1] == 0:
        return False
    return div_subterms(e[1]) and div_subterms(e[2])


def evaluate(e):
    if isinstance(e, int):
        return e
    if e[0] == "+":
        return evaluate(e[1]) + evaluate(e[2])
    return evaluate(e[1]) // evaluate(e[2])


def calculator():
    from hypothesis import assume

    def test(e):
        assume(div_subterms(e))
        try:
            evaluate(e)
        except ZeroDivisionError:
            raise AssertionError("division by zero")

    return expressions, test, lambda e: e == ("/", 0, ("+", 0, 0))


def lengthlist():
    def test(ls):
        assert max(ls) < 900

    gen = st.integers(1, 100).flatmap(lambda n: st.lists(st.integers(0, 1000), min_size=n, max_size=n))
    return gen, test, lambda ls: ls == [900]


def difference(name, condition, ideal):
    def make():
        def test(p):
            assert condition(*p)

        return st.tuples(st.integers(min_value=1), st.integers(min_value=1)), test, lambda p: p == ideal

    make.__name__ = name
    return make


def heaps(lo=None):
    """Binary heaps: each key drawn at least as large as its parent's (the challenge's generator)."""
    return st.deferred(lambda: st.one_of(
        st.none(), st.integers(min_value=lo).flatmap(lambda v: st.tuples(st.just(v), heaps(v), heaps(v)))))


def merge_heaps(h1, h2):
    if h1 is None:
        return h2
    if h2 is None:
        return h1
    if h1[0] <= h2[0]:
        return (h1[0], merge_heaps(h1[2], h2), h1[1])
    return (h2[0], merge_heaps(h2[2], h1), h2[1])


def to_list(heap):
    return [] if heap is None else [heap[0]] + to_list(heap[1]) + to_list(heap[2])


def wrong_to_sorted_list(heap):
    """The challenge's bug: the merged children are listed, not sorted."""
    if heap is None:
        return []
    value, left, right = heap
    return [value] + to_list(merge_heaps(left, right))


def binheap():
    def test(heap):
        ls = wrong_to_sorted_list(heap)
        assert ls == sorted(ls)

    return heaps(), test, lambda h: h == (0, None, (0, (1, None, None), (0, None, None)))


def coupling():
    def test(ls):
        for i, j in enumerate(ls):
            if i != j:
                assert ls[j] != i

    gen = st.lists(st.integers(0, 10)).filter(lambda ls: all(0 <= i < len(ls) for i in ls))
    return gen, test, lambda ls: ls == [1, 0]


def deletion():
    def test(p):
        ls, i = p
        x = ls[i]
        ls = list(ls)
        ls.remove(x)
        assert x not in ls

    gen = st.lists(st.integers(), min_size=1).flatmap(lambda ls: st.tuples(st.just(ls), st.integers(0, len(ls) - 1)))
    return gen, test, lambda p: p == ([0, 0], 0)


def distinct():
    def test(ls):
        assert len(set(ls)) < 3

    return st.lists(st.integers()), test, lambda ls: len(ls) == 3 and set(ls) == {0, 1, -1}


def nested_lists():
    def test(ls):
        assert sum(map(len, ls)) <= 10

    return st.lists(st.lists(st.integers())), test, lambda ls: ls == [[0] * 11]


CHALLENGES = [
    bound5, large_union_list, reverse, calculator, lengthlist,
    difference("difference_must_not_be_zero", lambda x, y: x < 10 or x != y, (10, 10)),
    difference("difference_must_not_be_small", lambda x, y: x < 10 or abs(x - y) < 1 or abs(x - y) > 4, (10, 6)),
    difference("difference_must_not_be_one", lambda x, y: x < 10 or abs(x - y) != 1, (10, 9)),
    binheap, coupling, deletion, distinct, nested_lists,
]


def run_seed(make, s):
    gen, test, is_ideal = make()
    stats = {}
    failing = []

    def body_test(value):
        try:
            test(value)
        except AssertionError:
            failing.append(value)
            raise

    wrapped = seed(s)(settings(
        database=None, max_examples=10_000, deadline=None, derandomize=False, print_blob=False,
        phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))(given(gen)(body_test)))
    with collector.with_value(stats.update):
        try:
            wrapped()
        except AssertionError:
            pass
        except Exception as error:  # a health check or an unsatisfiable run: no failure found
            print(f"  seed {s}: {type(error).__name__}", file=sys.stderr)
    if not failing:
        return None
    cases = stats.get("shrink-phase", {}).get("test-cases", [])
    ran = sum(1 for c in cases if c["status"] in ("valid", "interesting"))
    # Generation goes on after the first failure (report_multiple_bugs) and the shrink starts
    # from the smallest failure found: those calls are test calls too.
    generated = stats.get("generate-phase", {}).get("test-cases", [])
    first = next((i for i, c in enumerate(generated) if c["status"] == "interesting"), len(generated) - 1)
    return is_ideal(failing[-1]), len(cases), ran, failing[-1], len(generated) - first - 1 + len(cases)


def median(values):
    """The upper median, as the harness's bench takes it."""
    return sorted(values)[len(values) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--only", default="")
    parser.add_argument("--misses", type=int, default=0)
    args = parser.parse_args()
    only = [n for n in args.only.split(",") if n]
    import hypothesis
    print(f"hypothesis {hypothesis.__version__}: {args.seeds} seeds each")
    print(f"{'challenge':29}{'ideal':7}{'calls':7}{'ran':6}{'after first failure':6}")
    for make in CHALLENGES:
        if only and make.__name__ not in only:
            continue
        outcomes = [o for o in (run_seed(make, s) for s in range(args.seeds)) if o is not None]
        ideal = sum(1 for o in outcomes if o[0])
        calls = median([o[1] for o in outcomes]) if outcomes else "-"
        ran = median([o[2] for o in outcomes]) if outcomes else "-"
        after = median([o[4] for o in outcomes]) if outcomes else "-"
        print(f"{make.__name__:29}{ideal * 100 // args.seeds:<7}{calls:<7}{ran:<6}{after}", flush=True)
        misses = {}
        for o in outcomes:
            if not o[0]:
                misses[repr(o[3])] = misses.get(repr(o[3]), 0) + 1
        for text, count in sorted(misses.items(), key=lambda kv: (-kv[1], kv[0]))[:args.misses]:
            print(f"    {count}x {text}")


if __name__ == "__main__":
    main()
