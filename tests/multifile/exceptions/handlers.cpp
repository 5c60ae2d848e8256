// The try blocks: one catches its own throw, one catches main.cpp's.
#include <stdexcept>
#include <stdio.h>

void require_positive(int v);

int checked_root(int v)
{
    try {
        if (v < 0)
            throw std::domain_error("negative");
        int r = 0;
        while ((r + 1) * (r + 1) <= v)
            r++;
        return r;
    } catch (const std::domain_error &e) {
        printf("caught domain_error: %s\n", e.what());
        return -1;
    }
}

int guarded(int v)
{
    try {
        require_positive(v);
        return v * 10;
    } catch (const std::exception &e) {
        printf("caught from main.cpp: %s\n", e.what());
        return 0;
    }
}
