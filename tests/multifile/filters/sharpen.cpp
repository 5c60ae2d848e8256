// Does not include filters.h: GAIN here is a variable, not its macro.
float GAIN = 1.5f;

float sharpen(const int *in, int i)
{
    return GAIN * (2 * in[i] - in[i - 1] - in[i + 1]) / 2.0f;
}
