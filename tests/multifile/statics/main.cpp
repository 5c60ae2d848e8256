// A static function in a header and another file's own static function of
// the same name and parameters: each file calls the one it sees, as g++
// compiles them (the header is not included by reference.cpp).
#include <stdio.h>
#include "scale.h"

int reference_scale(int x, int factor);

int main()
{
    for (int x = 1; x <= 3; x++)
        printf("%d: header %d, reference %d\n", x, scale(x, 10), reference_scale(x, 10));
    return 0;
}
