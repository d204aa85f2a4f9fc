// HarfBuzz's shaper and its OpenType font functions (metrics and glyph advances read from the
// font's own tables, the way the Rive runtime reads them), from Debian's libharfbuzz-dev.
#include <hb.h>
#include <hb-ot.h>
