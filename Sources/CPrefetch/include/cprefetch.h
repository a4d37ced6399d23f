#ifndef CPREFETCH_H
#define CPREFETCH_H

// A hint that `address` will soon be read: the visited set's slot of a successor's key is
// asked for while the search checks the step, so the cache miss overlaps that work (Swift has
// no prefetch of its own; a plain load would hold back every instruction after it).
static inline void cardcheck_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
