#!/usr/bin/env bash
# tests/dispatch_switch_nosimd.sh -- tests/dispatch.sh's switch-nosimd variant, a test of its own so that
# make -j runs the variants side by side.
exec bash "$(dirname "$0")/dispatch.sh" switch-nosimd
