#include <stdio.h>

#include "tables.h"

const int scale = 3;  // main.cpp's own (tables.cpp has another)
int scaled(int v);

int main()
{
    unsigned int all = 0;
    for (int i = 0; i < nsteps; i++) {
        printf("step %d: degree %d mask %#x\n", i, steps[i].degree, steps[i].mask);
        all |= steps[i].mask << i;
    }
    printf("combined %#x, scale here %d, there %d\n", all, scale, scaled(1));
    return 0;
}
