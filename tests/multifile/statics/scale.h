// scale.h -- only main.cpp includes it: its static helper is main.cpp's.
#pragma once
static int scale(int x, int factor)
{
    return x * factor;
}
