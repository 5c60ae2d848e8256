#ifndef GUARD_H
#define GUARD_H
#define SCALE 100
#endif
