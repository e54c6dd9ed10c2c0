# Compiles (syntax only) every source of one test target as a single
# translation unit: a unity batch can hold any of them together once a file
# is added, so their file-local names must not clash (tb/CMakeLists.txt).
# -D SOURCES=<list> INCLUDES=<list> DEFINES=<list> CXX=<compiler> OUT=<file>
set(text "")
foreach(src IN LISTS SOURCES)
  string(APPEND text "#include \"${src}\"\n")
endforeach()
file(WRITE "${OUT}" "${text}")
set(flags "")
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags "-I${dir}")
endforeach()
foreach(def IN LISTS DEFINES)
  list(APPEND flags "-D${def}")
endforeach()
execute_process(COMMAND "${CXX}" -std=c++17 -fsyntax-only ${flags} "${OUT}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the target's sources clash in one translation unit:\n${err}")
endif()
