#include <cstdio>

int area(int w, int h) { return w * h + 1; } // expect error: multiple definition of 'area'
