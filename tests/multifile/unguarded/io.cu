#include "sim.h"

Input read_input(int lookups, HM_size size)
{
    Input in;
    in.lookups = lookups;
    in.size = size;
    in.scale.r = 2.5;
    in.scale.i = 0.5;
    return in;
}

void report(const Input *in, const struct Counters *c, double result)
{
    const char *names[] = { "SMALL", "LARGE", "XL" };
    printf("%d lookups, size %s, scale %.1f%+.1fi\n", in->lookups, names[in->size],
           in->scale.r, in->scale.i);
    printf("hits %ld, misses %ld, result %.1f\n", c->hits, c->misses, result);
}
