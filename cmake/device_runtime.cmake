# redu_find_device_runtime(TRIPLE KIND ARCH OUT): sets OUT to the OpenMP device runtime that
# clang links into every device image for TRIPLE (KIND nvptx or amdgpu, ARCH sm_90, gfx90a,
# ...), or stops with what is missing. Where LLVM keeps it depends on the release:
#   19 (Debian 12's clang-19): <llvm>/lib/libomptarget-<KIND>-<ARCH>.bc, one file per arch
#   later releases: one library for every arch of a triple, libomptarget-<KIND>.bc or, as
#     clang 22's driver asks for it (-lompdevice), libompdevice.a, in <llvm>/lib,
#     <llvm>/lib/<TRIPLE> or clang's resource folder lib/<TRIPLE>
# Debian's clang-22 packages ship none of these (only the host's libomptarget).
function(redu_find_device_runtime triple kind arch out)
  execute_process(COMMAND "${CMAKE_C_COMPILER}" -print-resource-dir
                  OUTPUT_VARIABLE _res OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  set(_looked)
  foreach(_dir "${REDU_LLVM_LIB}" "${REDU_LLVM_LIB}/${triple}" "${_res}/lib/${triple}")
    foreach(_name "libomptarget-${kind}-${arch}.bc" "libomptarget-${kind}.bc" "libompdevice.a")
      list(APPEND _looked "${_dir}/${_name}")
      if(EXISTS "${_dir}/${_name}")
        set(${out} "${_dir}/${_name}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endforeach()
  list(JOIN _looked "\n  " _looked)
  message(FATAL_ERROR "clang ${CMAKE_C_COMPILER_VERSION} (${CMAKE_C_COMPILER}) has no OpenMP "
                      "device runtime for ${triple} (${arch}); looked for\n  ${_looked}\n"
                      "Install the LLVM OpenMP device runtime of this release for ${triple} "
                      "(Debian 12's clang-19 has it in libomp-19-dev; Debian's clang-22 has "
                      "none: docs/targets.md says how to build it), or configure with "
                      "REDU_OFFLOAD=host-offload")
endfunction()
