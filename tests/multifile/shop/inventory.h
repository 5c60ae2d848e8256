// tests/multifile/shop: a host-only program of three files sharing this
// header (a struct, an inline function, a template, extern globals); its
// output is g++'s (g++ main.cpp pricing.cpp report.cpp).
#pragma once

struct Item {
    const char *name;
    int cents;
    int count;
};

inline int item_value(const Item &it) { return it.cents * it.count; }

template <typename T>
T largest(const T *v, int n)
{
    T best = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] > best)
            best = v[i];
    return best;
}

extern int g_discount_percent;
extern const char *g_shop_name;

int discounted(int cents);
int total_value(const Item *items, int n);
void print_report(const Item *items, int n);
