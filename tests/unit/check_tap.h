/* tests/unit/check_tap.h -- runs a Check suite with TAP on stdout, as automake's
 * tap-driver reads it (unless CK_TAP_LOG_FILE_NAME names another file).
 * Included by each unit test's main(). */
#ifndef SIMTVM_CHECK_TAP_H
#define SIMTVM_CHECK_TAP_H

#include <check.h>
#include <stdlib.h>

/* Runs the suites (NULL-terminated) and returns the test program's status. */
static inline int simt_run_suites(Suite *const *suites)
{
    SRunner *sr = srunner_create(suites[0]);
    for (int k = 1; suites[k]; k++)
        srunner_add_suite(sr, suites[k]);
    if (!getenv("CK_TAP_LOG_FILE_NAME"))
        srunner_set_tap(sr, "-");
    srunner_run_all(sr, CK_SILENT);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

static inline int simt_run_suite(Suite *suite)
{
    Suite *const one[] = {suite, NULL};
    return simt_run_suites(one);
}

#endif
