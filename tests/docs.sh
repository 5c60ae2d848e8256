#!/usr/bin/env bash
# tests/docs.sh -- the documentation is a test (TAP): every transcript in
# README.md and the READMEs under examples/ and doc/ is run and must print
# what it shows.
#
# A transcript is a block of lines indented by four spaces whose first line
# starts with `$ `: each `$ COMMAND` line is run (in the directory of the
# Markdown file, stdout and stderr together, `simtvm` and `./simtvm` being the
# simtvm under test) and the indented lines after it, up to the next `$ ` line
# or the end of the block, are its expected output (blank lines inside it
# included, blank lines that end it not).  A line `...` stands for
# any number of lines; durations (`12.5 ms`, `3 us`) are masked.  Nothing
# else is masked: a doc whose output drifted must be fixed.
set -u

. "$(dirname "$0")/lib.sh" docs
top=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}

mkdir -p "$work/bin"
ln -sf "$SIMTVM" "$work/bin/simtvm"

# Prints each transcript command of a Markdown file as "LINE<TAB>COMMAND" and
# writes its expected output to $work/expect.LINE.
extract() {
    awk -v dir="$work" '
        function flush() { if (cmd != "") { print start "\t" cmd; close(out) } cmd = ""; blanks = 0 }
        /^    \$ / { flush(); start = NR; cmd = substr($0, 7); out = dir "/expect." NR
                   printf "" > out; inblock = 1; next }
        /^    / && inblock && cmd != "" {
            for (; blanks > 0; blanks--) print "" > out
            print substr($0, 5) > out; next }
        /^$/ && inblock { blanks++; next }
        { flush(); inblock = 0 }
        END { flush() }' "$1"
}

# Durations vary with the host: mask them on both sides.
mask() {
    sed -E 's/[0-9]+(\.[0-9]+)? ?(ms|us|µs|ns)\b/<time>/g' "$1"
}

# 0 when actual matches expected, where an expected line `...` matches any
# number of lines (a small backtracking match, transcripts are short).
matches() {
    awk '
        FNR == NR { e[ne++] = $0; next }
        { a[na++] = $0 }
        function m(i, j,   k) {
            if (i == ne) return j == na
            if (e[i] ~ /^ *\.\.\.$/) { for (k = j; k <= na; k++) if (m(i + 1, k)) return 1; return 0 }
            return j < na && e[i] == a[j] && m(i + 1, j + 1)
        }
        END { exit m(0, 0) ? 0 : 1 }' "$1" "$2"
}

n=0
docs=$(cd "$top" && ls README.md examples/README.md examples/*/README.md doc/*.md 2>/dev/null)
for doc in $docs; do
    dir=$(dirname "$top/$doc")
    while IFS="$(printf '\t')" read -r line cmd; do
        n=$((n + 1))
        run=${cmd#./}
        (cd "$dir" && PATH="$work/bin:$PATH" timeout 120 bash -c "$run" >"$work/actual" 2>&1 </dev/null)
        mask "$work/expect.$line" >"$work/e"
        # the transcript block ends before a trailing blank line
        mask "$work/actual" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$work/a"
        if matches "$work/e" "$work/a"; then
            echo "ok $n - $doc:$line: $cmd"
        else
            echo "not ok $n - $doc:$line: $cmd"
            diff -u "$work/e" "$work/a" | sed -n '3,40s/^/#   /p'
        fi
    done < <(extract "$top/$doc")
done
echo "1..$n"
exit 0
