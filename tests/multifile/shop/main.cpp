#include <cstdio>
#include "inventory.h"

#define SHOP "corner shop"

int g_discount_percent = 15;
const char *g_shop_name = SHOP;

// the same name as report.cpp's own helper: each file sees its own
static int describe(int v) { return v * 2; }

int main()
{
    Item items[] = { {"apple", 40, 12}, {"pear", 55, 7}, {"plum", 25, 30} };
    int n = sizeof items / sizeof items[0];
    printf("%s: %d items\n", g_shop_name, n);
    printf("total %d, discounted %d\n", total_value(items, n), discounted(total_value(items, n)));
    int prices[] = { items[0].cents, items[1].cents, items[2].cents };
    printf("largest price %d, largest double %.1f\n", largest(prices, n),
           largest<double>((const double[]){1.5, 2.5, 0.5}, 3));
    printf("describe(21) = %d\n", describe(21));
    print_report(items, n);
    return 0;
}
