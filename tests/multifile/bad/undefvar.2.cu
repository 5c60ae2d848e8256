extern int g_limit;
int read_limit() { return g_limit; } // expect error: undefined reference to 'g_limit'
