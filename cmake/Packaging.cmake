# A Debian package of everything `cmake --install` installs: the apps, the library, its headers
# and CMake package files, share/limitdir (schemas, problems, reference diagrams) and the man
# pages (docs/manual.md section 5) and, when it is built, the Python module (docs/python.md): cpack -G DEB in
# the build directory.
set(CPACK_PACKAGE_NAME limitdir)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Finds and classifies the limit directions of slip near stick of rigid bodies with a finite\
 frictional contact, traces their bifurcations and simulates the slip dynamics; a C++ library\
 and the command-line apps find-limits, classify, sweep-force, friction-model, simulate,\
 diagram-diff and plot, with JSON reports.")
set(CPACK_PACKAGE_CONTACT "limitdir developers <limitdir@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The run-time dependencies of the library and the apps (Arb, FLINT, Boost.Program_options, fmt)
# from the binaries themselves.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The public headers include Eigen, Boost and nlohmann/json (header-only: no shared library to find).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libeigen3-dev, libboost-dev, nlohmann-json3-dev")
if(LIMITDIR_PYTHON)
  # The module (python/CMakeLists.txt) is an extension of this python3 (its ABI tag, e.g.
  # cpython-311) that imports numpy; Debian's python3 looks for packaged modules in
  # /usr/lib/python3/dist-packages, where limitdir_python_package.cmake moves it in the staged tree.
  math(EXPR limitdir_next_minor "${Python3_VERSION_MINOR} + 1")
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
         ", python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}~), "
         "python3 (<< ${Python3_VERSION_MAJOR}.${limitdir_next_minor}), python3-numpy")
  configure_file(${CMAKE_CURRENT_LIST_DIR}/limitdir_python_package.cmake.in
                 ${PROJECT_BINARY_DIR}/limitdir_python_package.cmake @ONLY)
  set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_BINARY_DIR}/limitdir_python_package.cmake)
endif()
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
include(CPack)
