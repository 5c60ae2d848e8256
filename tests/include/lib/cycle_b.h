// no guard
#include "cycle_a.h"
