#!/usr/bin/env bash
# tests/helpers.sh -- cuda-samples' helper headers as simtvm builds them in
# (lang/headers.c, SPEC 2.8): what helpers.k prints with program arguments
# after --, a failed checkCudaErrors (message on stderr, exit status 1), the
# built-in header read rather than a copy in a -I directory, and the small
# system headers written in K (<strings.h>, <sys/utsname.h>,
# <cuda_profiler_api.h>) (TAP).
# The headers are K text that needs structs and <stdio.h>'s streams; until
# the compiler has those, the whole script is skipped, saying why.
. "$(dirname "$0")/lib.sh" helpers
D=tests/helpers
printf '#include <helper_cuda.h>\n#include <helper_functions.h>\nint main(void) { return 0; }\n' \
    > "$work/probe.k"
if ! "$SIMTVM" build "$work/probe.k" -o "$work/probe.kbc" 2> "$work/probe.err"; then
    echo "1..0 # SKIP the helpers need K features not built yet: $(grep -m1 error: "$work/probe.err")"
    exit 0
fi
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
echo "1..7"

"$SIMTVM" run $D/helpers.k -- -n=42 --Eps=0.25 -verbose --file=data.txt -count \
    > "$work/out" 2> "$work/err"
ok $? "helpers.k runs"
diff $D/helpers.out "$work/out" > "$work/diff"
ok $? "helpers.k prints helpers.out$(sed -n '1,6s/^/\n#   /p' "$work/diff")"

"$SIMTVM" run $D/fail.k > "$work/out" 2> "$work/err"
st=$?
grep -q '^CUDA error at tests/helpers/fail.k:10 code=2(cudaErrorMemoryAllocation) "cudaMalloc(&p, (size_t)1 << 50)" $' "$work/err"
ok $(( $? || st != 1 )) "a failed checkCudaErrors: the message, exit status 1"

"$SIMTVM" run -I $D/fake $D/fail.k > /dev/null 2> "$work/err"
! grep -q 'should have been read' "$work/err"
ok $? "the built-in helper_cuda.h wins over a copy in a -I directory"

cat > "$work/sys.k" <<'K'
#include <stdio.h>
#include <strings.h>
#include <sys/utsname.h>
#include <cuda_profiler_api.h>
int main(void)
{
    struct utsname u;
    uname(&u);
    printf("%s %d %d %d\n", u.sysname, strcasecmp("AbC", "aBc"), strncasecmp("abX", "ABy", 2),
           cudaProfilerStart() == cudaSuccess && cudaProfilerStop() == cudaSuccess);
    return 0;
}
K
"$SIMTVM" run "$work/sys.k" > "$work/out" 2> "$work/err"
ok $? "<strings.h>, <sys/utsname.h>, <cuda_profiler_api.h>"
echo "Linux 0 0 1" | cmp -s - "$work/out"
ok $? "... print what glibc's would"

cat > "$work/w.k" <<'K'
#include <helper_functions.h>
int main(void)
{
    int a[3] = {1, 20, 300};
    float b[2] = {0.5f, 1.25f};
    return !(sdkWriteFile("w_int.dat", a, 3, 0.0f, false) &&
             sdkWriteFile("w_float.dat", b, 2, 0.5f, false));
}
K
(cd "$work" && "$SIMTVM" run w.k) && printf '# 0\n1 20 300 \n# 0.5\n0.5 1.25 \n' |
    cmp -s - <(cat "$work/w_int.dat" "$work/w_float.dat")
ok $? "sdkWriteFile writes what the real one (iostream) writes"
