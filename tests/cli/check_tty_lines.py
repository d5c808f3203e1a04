"""Usage: python3 check_tty_lines.py APP TTY_CAPTURE

What a terminal shows of TTY_CAPTURE (the bytes script(1) recorded of a run whose standard output
and standard error were the same terminal), replayed as a terminal does: "\\r" returns to column 0,
ESC [ K erases to the end of the line, "\\n" starts a new line, any other character overwrites the
column it is written at. Exit 0 when every line shown is whole: a JSON value, a progress note
"APP: ..." without JSON in it, or empty; otherwise print the first mixed line and exit 1 (a note
drawn in place that a line of output was written onto: docs/manual.md section 5, "Progress").
Prints the counts of JSON lines and of notes seen (drawn at any time, even if erased later)."""
import json
import sys


def replay(data):
    """The lines a terminal shows, and the notes drawn (the line's text at each ESC [ K)."""
    lines, line, col, notes = [], [], 0, 0
    i = 0
    while i < len(data):
        if data.startswith("\x1b[K", i):
            if "".join(line[:col]).strip():
                notes += 1
            del line[col:]
            i += 3
            continue
        c = data[i]
        if c == "\r":
            col = 0
        elif c == "\n":
            lines.append("".join(line))
            line, col = [], 0
        else:
            if col < len(line):
                line[col] = c
            else:
                line.append(c)
            col += 1
        i += 1
    lines.append("".join(line))
    return lines, notes


def main(app, capture):
    lines, notes = replay(open(capture, encoding="utf-8", errors="replace").read())
    json_lines = 0
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        if text.startswith(app + ": "):
            if "{" in text:
                print(f"line {n}: a note with output written onto it: {text[:200]!r}")
                return 1
            continue
        try:
            json.loads(text)
            json_lines += 1
        except ValueError:
            print(f"line {n}: neither JSON nor a note: {text[:200]!r}")
            return 1
    print(f"{json_lines} JSON lines whole, {notes} notes drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
