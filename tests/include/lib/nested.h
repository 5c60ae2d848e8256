#include "bad.h"
