// filters.h -- shared by main.cpp and blur.cpp: a macro and a constant table.
#ifndef FILTERS_H
#define FILTERS_H
#define TAPS 3
#define GAIN 2.0f
int blur(const int *in, int i);
float sharpen(const int *in, int i);
#endif
