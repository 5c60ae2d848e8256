// Its own scale, which adds instead of multiplying.
static int scale(int x, int factor)
{
    return x + factor;
}

int reference_scale(int x, int factor)
{
    return scale(x, factor);
}
