#ifndef CPREFETCH_H
#define CPREFETCH_H

// A hint that `address` will soon be read: the visited set's slot of a successor's key is
// asked for while the search checks the step, so the cache miss overlaps that work (Swift has
// no prefetch of its own; a plain load would hold back every instruction after it).
static inline void cardcheck_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

// Hands the heap's free pages back to the kernel (glibc's malloc_trim; Swift's Glibc module
// does not export <malloc.h>): a search that has just spilled its levels measures what is left.
#if defined(__GLIBC__)
#include <malloc.h>
static inline void cardcheck_release_free_memory(void) { malloc_trim(0); }
#else
static inline void cardcheck_release_free_memory(void) {}
#endif

#endif
