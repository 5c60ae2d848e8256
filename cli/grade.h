/* cli/grade.h -- `simtvm grade`: an autograder on the public API (cli/grade.c). */
#ifndef SIMTVM_CLI_GRADE_H
#define SIMTVM_CLI_GRADE_H

#include "cli/options.h"

/* Grades o->file against o->reference; prints the verdict on stdout and
 * returns the exit status (0 only for PASS, 2 when the reference is unusable). */
int simtvm_grade(const simtvm_options *o);

#endif
