#!/usr/bin/env python3
"""tests/gen/reduce.py -- delta reduction of a K program by lines and by blocks.

reduce(text, interesting) returns a smaller text for which interesting(text)
still holds: first whole blocks (a line that ends with '{' through the line of
its matching '}') are removed, largest first, then chunks of lines as in
ddmin (halving the chunk size down to one line), until nothing more can go.
Lines that make the program invalid (a variable used after its declaration
went) are rejected by the predicate itself, which compiles and runs the
candidate."""


def blocks(lines):
    """(start, end) inclusive line ranges of brace blocks, largest first."""
    out, stack = [], []
    for i, line in enumerate(lines):
        s = line.strip()
        opens, closes = s.count('{'), s.count('}')
        if s.endswith('{') and opens > closes:
            stack.append(i)
        elif s.startswith('}') and closes > opens and stack:
            j = stack.pop()
            # '} else {' closes one block and opens the next: keep the if's start
            if s.endswith('{'):
                stack.append(j)
                continue
            out.append((j, i))
    return sorted(out, key=lambda r: r[0] - r[1])


def reduce(text, interesting, max_tests=3000):
    lines = text.splitlines()
    tests = [0]

    def ok(cand):
        tests[0] += 1
        return tests[0] <= max_tests and interesting('\n'.join(cand) + '\n')

    changed = True
    while changed and tests[0] < max_tests:
        changed = False
        # whole blocks, and the body of a block without its braces
        for a, b in blocks(lines):
            if b >= len(lines):
                continue
            cand = lines[:a] + lines[b + 1:]
            if ok(cand):
                lines, changed = cand, True
                break
            cand = lines[:a] + lines[a + 1:b] + lines[b + 1:]
            if ok(cand):
                lines, changed = cand, True
                break
        if changed:
            continue
        # chunks of lines, halving the size
        size = max(1, len(lines) // 2)
        while size >= 1 and tests[0] < max_tests:
            i = 0
            while i < len(lines):
                cand = lines[:i] + lines[i + size:]
                if ok(cand):
                    lines, changed = cand, True
                else:
                    i += size
            size //= 2
    return '\n'.join(lines) + '\n'
