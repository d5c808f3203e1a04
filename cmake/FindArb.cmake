# Finds Arb (ball arithmetic with rigorous special functions; Debian 12: libflint-arb-dev,
# library flint-arb, headers arb.h, acb_elliptic.h in /usr/include) and FLINT, which it is built
# on. Defines the imported target Arb::Arb.
find_path(Arb_INCLUDE_DIR NAMES acb_elliptic.h arb.h PATH_SUFFIXES arb flint)
find_path(Arb_FLINT_INCLUDE_DIR NAMES flint/flint.h)
find_library(Arb_LIBRARY NAMES flint-arb arb)
find_library(Arb_FLINT_LIBRARY NAMES flint)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Arb REQUIRED_VARS Arb_LIBRARY Arb_FLINT_LIBRARY Arb_INCLUDE_DIR Arb_FLINT_INCLUDE_DIR)
if(Arb_FOUND AND NOT TARGET Arb::Arb)
  add_library(Arb::Arb UNKNOWN IMPORTED)
  set_target_properties(Arb::Arb PROPERTIES
    IMPORTED_LOCATION "${Arb_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Arb_INCLUDE_DIR};${Arb_FLINT_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${Arb_FLINT_LIBRARY}")
endif()
mark_as_advanced(Arb_INCLUDE_DIR Arb_FLINT_INCLUDE_DIR Arb_LIBRARY Arb_FLINT_LIBRARY)
