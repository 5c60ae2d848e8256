#!/usr/bin/env bash
# tests/pkgconfig.sh -- simtvm.pc finds the library and the header from where
# it is installed (${pcfiledir}), so `make install prefix=DIR` gives a
# working pkg-config file wherever DIR is (TAP).
set -u

. "$(dirname "$0")/lib.sh" pkgconfig

pc=$(dirname "$SIMTVM")/simtvm.pc
if ! command -v pkg-config >/dev/null || [ ! -f "$pc" ]; then
    echo "1..0 # SKIP no pkg-config or no simtvm.pc"
    exit 0
fi
dir=$work/moved/lib/pkgconfig
mkdir -p "$dir" "$work/moved/include"
cp "$pc" "$dir/"
cflags=$(PKG_CONFIG_PATH=$dir pkg-config --cflags simtvm | sed 's/ *$//')
libs=$(PKG_CONFIG_PATH=$dir pkg-config --libs simtvm)
if [ "$(cd "$work/moved/include" && pwd)" = "$(cd "${cflags#-I}" 2>/dev/null && pwd)" ] &&
   [[ "$libs" == "-L$dir/../../lib -lsimtvm"* ]]; then
    echo "ok 1 - simtvm.pc moved to another prefix: $cflags $libs"
else
    echo "not ok 1 - simtvm.pc moved to another prefix gives '$cflags' '$libs'"
fi
echo "1..1"
