# Siconos numerics (Debian libsiconos-numerics-dev, scripts/install-deps.sh): a test-only oracle
# for the rolling friction cone, used by tests/rolling/test_rolling_siconos.cpp and bench/bench_rolling.cpp.
# Sets LIMITDIR_HAVE_SICONOS in the including directory and, once, defines the interface target
# limitdir_siconos_oracle when the header and the library are found.
find_path(SICONOS_NUMERICS_INCLUDE_DIR siconos/numerics/projectionOnRollingCone.h)
find_library(SICONOS_NUMERICS_LIBRARY siconos_numerics)
if(NOT (SICONOS_NUMERICS_INCLUDE_DIR AND SICONOS_NUMERICS_LIBRARY))
  set(LIMITDIR_HAVE_SICONOS OFF)
  message(STATUS "Siconos numerics not found: the rolling cone oracle tests are skipped")
  return()
endif()
set(LIMITDIR_HAVE_SICONOS ON)
if(NOT TARGET limitdir_siconos_oracle)
  add_library(limitdir_siconos_oracle INTERFACE)
  # Siconos' headers include each other by bare names from siconos/ and siconos/numerics/.
  target_include_directories(limitdir_siconos_oracle SYSTEM INTERFACE
    ${SICONOS_NUMERICS_INCLUDE_DIR}/siconos ${SICONOS_NUMERICS_INCLUDE_DIR}/siconos/numerics)
  target_include_directories(limitdir_siconos_oracle INTERFACE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(limitdir_siconos_oracle INTERFACE ${SICONOS_NUMERICS_LIBRARY})
  message(STATUS "Siconos numerics found: ${SICONOS_NUMERICS_LIBRARY} (rolling cone oracle tests and bench)")
endif()
