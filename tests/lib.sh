# tests/lib.sh -- the start the test scripts share.  A script sources it with
# its own name, which names its temporary folder:
#     . "$(dirname "$0")/lib.sh" NAME
# and then has
#   SIMTVM      the simtvm under test (default: ./simtvm of the folder the
#               script was started in, the build tree under `make check`)
#   top_srcdir  the source tree (default: the folder above tests/), which
#               becomes the working directory
#   work        a temporary folder, removed when the script exits
# Scripts that start otherwise (dispatch.sh, races.sh, report.sh,
# native_libs.sh, fuzz_replay.sh, embed.sh) do not use it.
SIMTVM=${SIMTVM:-$PWD/simtvm}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top_srcdir" || exit 99
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-${1:-test}.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
