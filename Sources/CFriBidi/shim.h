// GNU FriBidi (Debian's libfribidi-dev): the Unicode bidirectional algorithm's embedding levels.
#include <fribidi.h>

// FRIBIDI_PAR_ON is a macro built from other macros, which Swift does not import: the paragraph
// direction "from the first strong character, else left to right".
static inline FriBidiParType cyl_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }

// FRIBIDI_DIR_TO_LEVEL, a function-like macro: the embedding level of a resolved paragraph direction.
static inline FriBidiLevel cyl_fribidi_level_of(FriBidiParType direction) { return FRIBIDI_DIR_TO_LEVEL(direction); }
