// a header with a mistake in it
int broken(void)
{
    return "中文" + 1.5;
}
