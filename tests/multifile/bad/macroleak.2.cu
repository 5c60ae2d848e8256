// macros end with their file: LIMIT is main.cu's
int limit2() { return LIMIT; } // expect error: LIMIT
