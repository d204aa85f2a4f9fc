// The test executable's own malloc family: it forwards to glibc's (its exported __libc_ entry
// points) and counts, per thread, while a test has asked it to. Defined in the executable, these
// take the place of libc's for every library that calls them (the Swift runtime included).
// Sanitizer builds keep the sanitizer's allocator: there the counter reports itself unavailable.
#include "allocation_counter.h"

#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CYL_NO_COUNTER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CYL_NO_COUNTER 1
#endif

#if !defined(CYL_NO_COUNTER) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Initial-exec TLS of the executable: reading it never allocates.
static __thread int counting;
static __thread long counted;

void *malloc(size_t size) {
    if (counting) counted++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) counted++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) counted++;
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) counted++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) counted++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (counting) counted++;
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

int cyl_allocation_counter_available(void) { return 1; }
void cyl_allocation_counter_start(void) { counted = 0; counting = 1; }
long cyl_allocation_counter_stop(void) { counting = 0; return counted; }

#else

int cyl_allocation_counter_available(void) { return 0; }
void cyl_allocation_counter_start(void) {}
long cyl_allocation_counter_stop(void) { return -1; }

#endif
