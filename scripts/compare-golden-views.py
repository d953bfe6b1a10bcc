#!/usr/bin/env python3
"""Compares the views two commits give, as written by the golden views test.

    GOLDEN_VIEWS_DUMP=/tmp/views-old cargo test -p carcassonne-server --test golden_views dump
    (the same at the other commit, into /tmp/views-new)
    scripts/compare-golden-views.py /tmp/views-old /tmp/views-new [--ignore-key NAME ...]

Every configuration the two share is compared view by view. A view that differs is compared
again with the ignored keys removed from the newer view (at any depth) and re-serialised as
the server does (compact, key order kept): a new variant, for instance, adds its key to the
rules of every view and should change nothing else. Exits 1 at the first view that differs
otherwise, naming the configuration, the view's line and the first differing path.
"""
import argparse
import json
import os
import sys


def strip(value, ignored):
    if isinstance(value, dict):
        return {k: strip(v, ignored) for k, v in value.items() if k not in ignored}
    if isinstance(value, list):
        return [strip(v, ignored) for v in value]
    return value


def first_difference(a, b, path="$"):
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None if list(a) == list(b) else f"{path} (key order)"
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} against {len(b)})"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--ignore-key", action="append", default=[])
    args = parser.parse_args()
    ignored = set(args.ignore_key)
    old_names = {f for f in os.listdir(args.old) if f.endswith(".jsonl")}
    new_names = {f for f in os.listdir(args.new) if f.endswith(".jsonl")}
    views = identical = after_ignoring = 0
    for name in sorted(old_names & new_names):
        with open(os.path.join(args.old, name), encoding="utf-8") as f:
            old = f.read().splitlines()
        with open(os.path.join(args.new, name), encoding="utf-8") as f:
            new = f.read().splitlines()
        if len(old) != len(new):
            sys.exit(f"{name}: {len(old)} views against {len(new)}")
        for line, (a, b) in enumerate(zip(old, new), start=1):
            views += 1
            if a == b:
                identical += 1
                continue
            stripped = json.dumps(strip(json.loads(b), ignored), separators=(",", ":"), ensure_ascii=False)
            if stripped == a:
                after_ignoring += 1
                continue
            where = first_difference(json.loads(a), json.loads(stripped)) or "(the text, not the value)"
            sys.exit(f"{name}, view {line}: differs at {where}")
    print(
        f"{len(old_names & new_names)} configurations in both "
        f"({len(new_names - old_names)} only in the new, {len(old_names - new_names)} only in the old); "
        f"{views} views: {identical} byte-identical, {after_ignoring} identical once "
        f"{', '.join(sorted(ignored)) or 'nothing'} is removed"
    )


if __name__ == "__main__":
    main()
