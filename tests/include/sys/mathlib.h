#ifndef MATHLIB_H
#define MATHLIB_H
static int square(int x) { return x * x; }
#endif
