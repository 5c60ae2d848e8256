# tests/lib.sh -- the start the test scripts share.  A script sources it with
# its own name, which names its temporary folder:
#     . "$(dirname "$0")/lib.sh" NAME
# and then has
#   SIMTVM      the simtvm under test (default: ./simtvm of the folder the
#               script was started in, the build tree under `make check`)
#   top_srcdir  the source tree (default: the folder above tests/), which
#               becomes the working directory
#   work        a temporary folder, removed when the script exits
# and the helpers below.
# Scripts that start otherwise (dispatch.sh, races.sh, report.sh,
# native_libs.sh, fuzz_replay.sh, embed.sh) do not use it.
SIMTVM=${SIMTVM:-$PWD/simtvm}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top_srcdir" || exit 99
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-${1:-test}.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

# in_private_folder: makes a folder of $work the working directory, with links
# to the source tree's folders.  Programs that write files of fixed names
# where they run (host_stdio.tmp ...) then never meet another copy of the
# same script running at the same time (tests/dispatch_*.sh), and paths stay
# as written (tests/bad/NAME.k in diagnostics).
in_private_folder() {
    local dir
    mkdir "$work/cwd" || exit 99
    for dir in "$top_srcdir"/*/; do
        ln -s "${dir%/}" "$work/cwd/$(basename "$dir")" || exit 99
    done
    cd "$work/cwd" || exit 99
}

# differing A B PART...: " B.PART" (B's name without its folder) for each
# PART whose files A.PART and B.PART differ; nothing when all are the same.
differing() {
    local a=$1 b=$2 part
    shift 2
    for part; do
        cmp -s "$a.$part" "$b.$part" || printf ' %s' "${b##*/}.$part"
    done
}

# show_diffs A DIR NAME...: the first lines of the diff of A.PART against
# DIR/NAME for each NAME (B.PART, as differing names them), as TAP comments.
show_diffs() {
    local a=$1 dir=$2 f
    shift 2
    for f; do
        diff "$a.${f#*.}" "$dir/$f" | sed -n '1,10s/^/#   /p'
    done
}
