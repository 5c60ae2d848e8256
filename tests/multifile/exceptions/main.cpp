// Exceptions across files: this file has no try block, its <string> reads
// in what a throw needs, and its throw is caught in handlers.cpp.
#include <stdexcept>
#include <stdio.h>
#include <string>

int checked_root(int v);  // handlers.cpp: throws and catches
int guarded(int v);       // handlers.cpp: catches what require_positive throws

// Throws for what the caller, in another file, must handle.
void require_positive(int v)
{
    if (v <= 0)
        throw std::invalid_argument("not positive: " + std::to_string(v));
}

int main()
{
    std::string name = "roots";
    printf("%s: %d %d\n", name.c_str(), checked_root(49), checked_root(50));
    printf("negative: %d\n", checked_root(-4));
    printf("guarded 5: %d\n", guarded(5));
    printf("guarded -3: %d\n", guarded(-3));
    return 0;
}
