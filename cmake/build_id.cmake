# cmake -DSRC=<source dir> -DOUT=<header> -P build_id.cmake
# Writes NOCSIM_BUILD_ID, the commit the binary is built from (12 hex
# digits, "-dirty" when a file the binary is built from differs from that
# commit; "unknown" outside a git checkout), into OUT, and rewrites OUT only
# when it changes, so that a build without a new commit recompiles nothing.
execute_process(COMMAND git -C "${SRC}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE id OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR id STREQUAL "")
  set(id "unknown")
else()
  execute_process(COMMAND git -C "${SRC}" diff --quiet HEAD -- sc_models topologies rtl_ref cmake CMakeLists.txt
                  RESULT_VARIABLE dirty ERROR_QUIET)
  if(NOT dirty EQUAL 0)
    string(APPEND id "-dirty")
  endif()
endif()
set(text "#define NOCSIM_BUILD_ID \"${id}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
