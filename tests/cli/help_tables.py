#!/usr/bin/env python3
"""One table per choice drives both the parser and --help (docs/manual.md section 5): for every app
and every option whose help lists a table of names ("  - NAME: description" lines), every listed
name is accepted by the parser (running the app with it never gives the table's rejection), an
unknown name is rejected with exit 2 and a one-line message that lists exactly the names of the
help, and the apps that share a table list the same names.

usage: help_tables.py BIN_DIR SHARE_DIR
"""
import re
import subprocess
import sys

ENTRY = re.compile(r"^\s+- (\S+): ")
OPTION = re.compile(r"^  --([a-z0-9-]+)")


def tables(app_path):
    """{option: [names]} of the --help of app_path."""
    text = subprocess.run([app_path, "--help"], capture_output=True, text=True, check=True).stdout
    out, option = {}, None
    for line in text.splitlines():
        m = OPTION.match(line)
        if m:
            option = m.group(1)
            continue
        e = ENTRY.match(line)
        if e and option:
            out.setdefault(option, []).append(e.group(1))
    return out


def listed(message):
    """The names a rejection lists: after "must be ", "valid: " or "one of ", up to " (got" or ")"."""
    m = re.search(r"(?:must be |valid: |one of )(.*?)(?: \(got|\)\s*$)", message)
    if not m:
        return None
    return [n.strip().strip('"') for n in re.split(r", | or ", m.group(1))]


def run(args, timeout=60):
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""  # still computing: the name was accepted


def main():
    bin_dir, share = sys.argv[1], sys.argv[2]
    disc, celt = f"{share}/problems/disc.json", f"{share}/problems/celt.json"
    # app, the option, the rest of a short run in which the option's value is the only choice;
    # a run may still fail for another reason (a parameter the disc has not): that is acceptance
    cases = [
        ("find-limits", "model", [disc, "--force", "0.3"]),
        ("classify", "model", [disc, "--direction", "1,0,0", "--force", "0.3"]),
        ("friction-model", "model", [disc, "--samples", "5"]),
        ("simulate", "model", [disc, "--force", "0.3", "--x0", "1,0,0", "--every", "0", "--max-steps", "50"]),
        ("sweep-force", "model", [disc, "--from", "0.2", "--to", "0.21", "--checks", "0"]),
        ("bifurcation-map", "model", [disc, "--y", "rho", "--y-range", "-2,-1", "--x-range", "0,1"]),
        ("sweep-force", "parameter", [disc, "--from", "-5", "--to", "-4.99", "--checks", "0", "--force", "0.3"]),
        ("degree-study", "parameter", [disc, "--degrees", "1", "--from", "-5", "--to", "-4.99", "--checks", "0",
                                       "--force", "0.3"]),
        ("bifurcation-map", "x", [disc, "--y", "rho", "--y-range", "-2,-1", "--x-range", "0,1", "--force", "0.3"]),
        ("celt", "model", [celt, "--t-end", "0.001"]),
    ]
    failures, checks = 0, 0
    seen = {}
    for app, option, rest in cases:
        path = f"{bin_dir}/{app}"
        names = tables(path).get(option)
        if not names:
            print(f"FAIL: {app} --help lists no table for --{option}")
            failures += 1
            continue
        seen.setdefault(option if option != "x" else "parameter", {})[app] = names
        for name in names:
            checks += 1
            extra = ["--degree", "2"] if name in ("harmonic", "sphere-harmonic") and option == "model" else []
            code, _, err = run([path, *rest, f"--{option}", name, *extra])
            rejected = code == 2 and sum(n in err for n in names) >= len(names) // 2
            if rejected:
                print(f"FAIL: {app} --{option} {name}: listed in --help but rejected: {err.strip()}")
                failures += 1
        checks += 1
        code, out, err = run([path, *rest, f"--{option}", "no-such-name"])
        lines = err.strip().splitlines()
        got = listed(lines[-1]) if lines else None
        if code != 2 or out or len(lines) != 1 or got != names:
            print(f"FAIL: {app} --{option} no-such-name: exit {code}, stderr {err.strip()!r}; "
                  f"want exit 2 and one line listing {names}")
            failures += 1
        else:
            print(f"ok: {app} --{option}: {len(names)} names in --help, all accepted; unknown -> {lines[0]}")
    # the apps that share a table list the same names
    for option, by_app in seen.items():
        lists = {tuple(v) for k, v in by_app.items() if not (option == "model" and k == "celt")}
        checks += 1
        if len(lists) != 1:
            print(f"FAIL: --{option} lists differ between apps: {by_app}")
            failures += 1
    print(f"{checks} checks, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
