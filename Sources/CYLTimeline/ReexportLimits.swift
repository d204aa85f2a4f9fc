// `Limits` lives in the bottom module `CYLLimits` so codecs and the rasterizer can name a limit
// without depending on the timeline; everything above the timeline keeps seeing it from here.
@_exported import CYLLimits
