#include <cstdio>
int main() // expect error: multiple definition of 'main'
{
    printf("two mains\n");
    return 0;
}
