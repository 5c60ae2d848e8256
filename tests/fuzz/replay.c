/* tests/fuzz/replay.c -- main() for a fuzz target built without libFuzzer.
 *
 * `fuzz_T FILE|DIR...` runs every file (directories one level deep) through
 * LLVMFuzzerTestOneInput; with no arguments it runs stdin once, which is how
 * AFL++ (afl-fuzz -- ./fuzz_T) drives it.  A crash or sanitizer report ends
 * the process as it would under libFuzzer; otherwise the exit status is 0. */
#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

#include "tests/fuzz/fuzz.h"

static int run_stream(FILE *f, const char *name)
{
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger)
            free(buf);
        buf = bigger, cap *= 2;
    }
    if (!buf) {
        fprintf(stderr, "replay: %s: out of memory\n", name);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    int bad = run_stream(f, path);
    fclose(f);
    return bad;
}

static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path);
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return 1;
    }
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char sub[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        if (stat(sub, &st) == 0 && S_ISREG(st.st_mode))
            bad |= run_file(sub);
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return run_stream(stdin, "<stdin>");
    int bad = 0;
    for (int i = 1; i < argc; i++)
        bad |= run_path(argv[i]);
    return bad;
}
