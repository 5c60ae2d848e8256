#include "inventory.h"

namespace {
// private to this file, as a static function would be
int round_to_nickel(int cents) { return (cents + 2) / 5 * 5; }
}

static int calls = 0;   // report.cpp has its own

int discounted(int cents)
{
    calls++;
    return round_to_nickel(cents * (100 - g_discount_percent) / 100);
}

int total_value(const Item *items, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += item_value(items[i]);
    return sum;
}
