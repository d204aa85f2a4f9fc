// SDL2 for `cylanim play`'s window, loaded at run time. Only `play` needs a window, so the tool
// must not depend on libSDL2 (and the X libraries it pulls in) for everything else: a CI server
// without a desktop renders and converts without them, and processes that never open a window do
// not pay their memory. The types and constants come from Debian's libsdl2-dev headers; the
// functions come from `csdl2_load`'s table, never from the header's own declarations (calling
// those would need the library at link time).
#ifndef CSDL2_H
#define CSDL2_H

#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <stddef.h>

// The SDL functions `play` uses; one list makes the table and the loader agree.
#define CSDL2_FUNCTIONS(X) \
    X(Init) X(Quit) X(GetError) X(SetHint) X(GetCurrentVideoDriver) \
    X(CreateWindow) X(DestroyWindow) X(SetWindowTitle) X(GetWindowTitle) X(SetWindowSize) \
    X(CreateRenderer) X(DestroyRenderer) X(GetRendererInfo) X(RenderClear) X(RenderCopy) X(RenderPresent) \
    X(CreateTexture) X(DestroyTexture) X(UpdateTexture) X(SetTextureBlendMode) \
    X(PollEvent) X(WaitEventTimeout) X(GetKeyName)

#define CSDL2_FIELD(name) __typeof__(SDL_##name) * _Nonnull name;
/// Every function in the list, each non-null once loaded.
typedef struct CSDL2Functions {
    CSDL2_FUNCTIONS(CSDL2_FIELD)
} CSDL2Functions;
#undef CSDL2_FIELD

/// Loads libSDL2 on first use and returns its functions, or NULL with the reason written to
/// `error` (at most `capacity` bytes, NUL-terminated). The library stays loaded for the life of
/// the process: SDL keeps threads and handlers that must not outlive their code. Call it from one
/// thread (the one that opens the window).
const CSDL2Functions * _Nullable csdl2_load(char * _Nonnull error, size_t capacity);

#endif
