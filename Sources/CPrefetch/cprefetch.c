// The target's only function is inline, in include/cprefetch.h.
#include "cprefetch.h"
