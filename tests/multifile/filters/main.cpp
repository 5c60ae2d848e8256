// Three translation units: each sees the macros of the headers it includes,
// and no other file's (sharpen.cpp names a variable GAIN, which is a macro
// in filters.h); a namespace-scope const is each unit's own (C++ internal
// linkage), so `weights` is defined in two units without a clash.
#include <stdio.h>
#include "filters.h"

#define TAPS 3   // the header's again, written by this file (as some samples do)

const int weights[TAPS] = {1, 2, 1};

int main()
{
    int data[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    for (int i = 1; i < 7; i++)
        printf("%d: blur %d sharpen %.2f weight %d\n", i, blur(data, i), sharpen(data, i),
               weights[i % TAPS]);
    printf("gain %.1f taps %d\n", GAIN, TAPS);
    return 0;
}
#undef GAIN   // for the rest of this file only: blur.cpp still has it
