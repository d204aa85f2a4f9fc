// Counts the heap allocations one thread makes, for tests that check a hot path allocates nothing.
#ifndef CYL_ALLOCATION_COUNTER_H
#define CYL_ALLOCATION_COUNTER_H

/// 1 when allocations can be counted here: glibc, and no sanitizer (which owns malloc itself).
int cyl_allocation_counter_available(void);

/// Starts counting the calling thread's allocations from zero.
void cyl_allocation_counter_start(void);

/// Stops counting on the calling thread; returns how many allocations (malloc, calloc, realloc,
/// aligned_alloc, posix_memalign, memalign) it made since `cyl_allocation_counter_start`.
long cyl_allocation_counter_stop(void);

#endif
