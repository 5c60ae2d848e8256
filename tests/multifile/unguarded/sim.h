// A C-style header with no include guard, included by every file (as
// HeCBench's rsbench.h): each file reads its structs and enums again, and
// they are one type in the whole program, as C++'s one-definition rule has it.
#include <stdio.h>

typedef enum __hm { SMALL, LARGE, XL } HM_size;

typedef struct {
    double r;
    double i;
} Complex;

typedef struct {
    int lookups;
    HM_size size;
    Complex scale;
} Input;

struct Counters {
    long hits;
    long misses;
};

Input read_input(int lookups, HM_size size);
double simulate(Input in, struct Counters *c);
void report(const Input *in, const struct Counters *c, double result);
