#include "tables.h"

const struct step steps[] = {{1, 0x1u}, {2, 0x3u}, {3, 0x7u}, {5, 0x1fu}};
const int nsteps = sizeof steps / sizeof steps[0];

// No extern declaration before it: this const is tables.cpp's own, as a
// static would be, and main.cpp's of the same name is another variable.
const int scale = 10;
int scaled(int v)
{
    return v * scale;
}
