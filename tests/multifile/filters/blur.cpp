// Includes filters.h again (its guard macro stops the second read), so it
// sees TAPS and GAIN, and its own `weights`.
#include "filters.h"

const int weights[TAPS] = {1, 4, 1};

int blur(const int *in, int i)
{
    int sum = 0;
    for (int k = 0; k < TAPS; k++)
        sum += weights[k] * in[i - 1 + k];
    return (int)(sum / 6 * GAIN);
}
