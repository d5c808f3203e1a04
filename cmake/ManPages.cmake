# Man pages of the apps, generated from their --help and --version by help2man at build time
# (docs/manual.md section 5) and installed into man1. Without help2man they are skipped with a
# message (scripts/install-deps.sh installs it).
find_program(LIMITDIR_HELP2MAN help2man)
if(NOT LIMITDIR_HELP2MAN)
  message(STATUS "help2man not found: the man pages are skipped (scripts/install-deps.sh installs help2man)")
endif()

# limitdir_man_page(APP SUMMARY): APP.1 with the one-line SUMMARY as its NAME section.
function(limitdir_man_page app summary)
  if(NOT LIMITDIR_HELP2MAN)
    return()
  endif()
  set(page ${PROJECT_BINARY_DIR}/man/${app}.1)
  add_custom_command(OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND ${LIMITDIR_HELP2MAN} --no-info --section=1 --source=limitdir --name=${summary} --output=${page}
            $<TARGET_FILE:${app}>
    DEPENDS ${app}
    COMMENT "help2man: ${app}.1"
    VERBATIM)
  add_custom_target(${app}_man ALL DEPENDS ${page})
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()
