#include <cstdio>
#include "inventory.h"

#ifdef SHOP
#error "a macro of main.cpp leaked into report.cpp"
#endif

static int calls = 100;   // pricing.cpp's is another variable
static int describe(int v) { return v + 1000; }

void print_report(const Item *items, int n)
{
    int values[8];
    for (int i = 0; i < n; i++) {
        values[i] = item_value(items[i]);
        calls++;
        printf("  %-6s %3d x %2d = %4d (%d)\n", items[i].name, items[i].cents, items[i].count,
               values[i], discounted(values[i]));
    }
    printf("largest value %d, describe(1) = %d, calls %d\n", largest(values, n), describe(1),
           calls);
    printf("%s, %d%% off\n", g_shop_name, g_discount_percent);
}
