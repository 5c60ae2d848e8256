#include "sim.h"

int main()
{
    Input in = read_input(64, LARGE);
    struct Counters c = {0, 0};
    double result = simulate(in, &c);
    report(&in, &c, result);
    return 0;
}
