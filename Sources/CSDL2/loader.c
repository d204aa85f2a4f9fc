#include "csdl2.h"
#include <dlfcn.h>
#include <stdio.h>

// Debian's runtime package (libsdl2-2.0-0) ships the library under its soname only; the
// unversioned name exists only with the -dev package.
static const char *const library_name = "libSDL2-2.0.so.0";

static CSDL2Functions functions;
static int loaded;

const CSDL2Functions *csdl2_load(char *error, size_t capacity) {
    if (loaded) return &functions;
    void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "cannot load %s (Debian package libsdl2-2.0-0): %s", library_name,
                 reason ? reason : "unknown reason");
        return NULL;
    }
#define CSDL2_LOOKUP(name)                                                                              \
    functions.name = (__typeof__(SDL_##name) *)dlsym(handle, "SDL_" #name);                                \
    if (functions.name == NULL) {                                                                       \
        snprintf(error, capacity, "%s has no function SDL_%s", library_name, #name); \
        dlclose(handle);                                                                                \
        return NULL;                                                                                    \
    }
    CSDL2_FUNCTIONS(CSDL2_LOOKUP)
#undef CSDL2_LOOKUP
    loaded = 1;
    return &functions;
}
