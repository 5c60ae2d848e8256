// Tables declared extern here and defined const in tables.cpp: the extern
// declaration gives the const definition external linkage.
#pragma once

struct step {
    int degree;
    unsigned int mask;
};

extern const struct step steps[];
extern const int nsteps;
