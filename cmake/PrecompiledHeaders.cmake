# Precompiled headers (CI time, brief: build + suite under 30 minutes on 2 cores). Each target
# compiles its heaviest common headers once: standard headers, fmt, Eigen and nlohmann/json
# take ~2 s of every translation unit's front end at -O3 (measured on 12 library files: 111 s
# without, 87 s with this list), several times more than most files' own code.
# Sources with other code-generation flags (the interval files' -frounding-math, render.cpp's
# GLib flags) or that must see their own macros before a header (tests/main.cpp's
# DOCTEST_CONFIG_IMPLEMENT) skip them (SKIP_PRECOMPILE_HEADERS); every source still includes what
# it uses, so a build with -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON is the same program.
set(LIMITDIR_PRECOMPILED_HEADERS
    <algorithm> <array> <cmath> <functional> <limits> <map> <memory> <optional> <string>
    <utility> <vector> <fmt/format.h> <Eigen/Core> <nlohmann/json.hpp>)

# limitdir_precompile_headers(TARGET [EXTRA_HEADER...]): the common list, plus the target's own.
function(limitdir_precompile_headers target)
  target_precompile_headers(${target} PRIVATE ${LIMITDIR_PRECOMPILED_HEADERS} ${ARGN})
endfunction()
