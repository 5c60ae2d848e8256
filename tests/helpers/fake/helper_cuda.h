// A copy of helper_cuda.h in a -I directory: the built-in one wins.
#error the built-in helper_cuda.h should have been read
