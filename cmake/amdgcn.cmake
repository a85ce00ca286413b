# REDU_OFFLOAD=amdgcn: one device image per architecture in REDU_AMD_ARCH, linked against
# LLVM's OpenMP device runtime for that architecture and the ROCm device libraries (ocml,
# ockl and the oclc_* control variables such as __oclc_ABI_version, which the device runtime
# reads). Included from CMakeLists.txt; appends to REDU_OFFLOAD_FLAGS.
#
# Debian 12's rocm-device-libs (ROCm 5.2) predates gfx940-gfx942's final ISA numbering: it
# has no oclc_isa_version_942.bc. That file holds one constant, __oclc_ISA_version (major *
# 1000 + minor * 100 + stepping, the digits of the gfx name read as hex: gfx90a is 9010,
# gfx942 9402), which ocml reads to pick per-ISA code. Where the folder lacks it for a
# requested architecture, the build gets a folder of its own: links to every library there,
# plus the missing constant compiled here.
if(NOT EXISTS "${REDU_ROCM_DEVICE_LIBS}/ocml.bc")
  message(FATAL_ERROR "No ROCm device libraries (ocml.bc) in ${REDU_ROCM_DEVICE_LIBS}: "
                      "install Debian's rocm-device-libs (scripts/setup.sh --amd) or set "
                      "REDU_ROCM_DEVICE_LIBS to the amdgcn/bitcode folder of a ROCm install")
endif()
set(_redu_amd_libs "${REDU_ROCM_DEVICE_LIBS}")
set(_missing) # gfx name;digits;ISA number, for each architecture the folder lacks
foreach(_arch IN LISTS REDU_AMD_ARCH)
  if(NOT _arch MATCHES "^gfx([0-9a-f]+)([0-9a-f])([0-9a-f])$")
    message(FATAL_ERROR "REDU_AMD_ARCH: '${_arch}' is not an AMD GPU name such as gfx90a or gfx942")
  endif()
  set(_digits "${CMAKE_MATCH_1}${CMAKE_MATCH_2}${CMAKE_MATCH_3}")
  math(EXPR _isa "${CMAKE_MATCH_1} * 1000 + 0x${CMAKE_MATCH_2} * 100 + 0x${CMAKE_MATCH_3}")
  redu_find_device_runtime(amdgcn-amd-amdhsa amdgpu ${_arch} _rt)
  if(NOT EXISTS "${REDU_ROCM_DEVICE_LIBS}/oclc_isa_version_${_digits}.bc")
    list(APPEND _missing "${_arch}:${_digits}:${_isa}")
  endif()
endforeach()
if(_missing)
  set(_redu_amd_libs "${PROJECT_BINARY_DIR}/amdgcn-bitcode")
  file(MAKE_DIRECTORY "${_redu_amd_libs}")
  file(GLOB _bcs "${REDU_ROCM_DEVICE_LIBS}/*.bc")
  foreach(_bc IN LISTS _bcs)
    get_filename_component(_name "${_bc}" NAME)
    file(CREATE_LINK "${_bc}" "${_redu_amd_libs}/${_name}" SYMBOLIC)
  endforeach()
endif()
foreach(_entry IN LISTS _missing)
  string(REPLACE ":" ";" _entry "${_entry}")
  list(GET _entry 0 _arch)
  list(GET _entry 1 _digits)
  list(GET _entry 2 _isa)
  set(_ll "${_redu_amd_libs}/oclc_isa_version_${_digits}.ll")
  file(WRITE "${_ll}" "@__oclc_ISA_version = linkonce_odr protected local_unnamed_addr "
                      "addrspace(4) constant i32 ${_isa}, align 4\n")
  execute_process(COMMAND "${CMAKE_C_COMPILER}" --target=amdgcn-amd-amdhsa -mcpu=${_arch}
                          -nogpulib -c -emit-llvm "${_ll}"
                          -o "${_redu_amd_libs}/oclc_isa_version_${_digits}.bc"
                  RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "Could not compile oclc_isa_version_${_digits}.bc for ${_arch}: ${_err}")
  endif()
  message(STATUS "libredu: ${REDU_ROCM_DEVICE_LIBS} lacks ${_arch}'s ISA constant: "
                 "__oclc_ISA_version = ${_isa} compiled into ${_redu_amd_libs}")
endforeach()
# Clang 19 compiles an AMD image's device code at link time, whole (LTO: -fno-offload-lto
# changes nothing for OpenMP): each architecture's link of libredu.so runs the optimiser and
# the backend over every stamped kernel of the library. --wrapper-jobs links the
# architectures side by side.
string(REPLACE ";" "," _archs "${REDU_AMD_ARCH}")
list(LENGTH REDU_AMD_ARCH _n)
list(APPEND REDU_OFFLOAD_FLAGS --offload-arch=${_archs} --rocm-device-lib-path=${_redu_amd_libs})
list(APPEND REDU_OFFLOAD_LINK_ONLY -Wl,--wrapper-jobs=${_n})
# libredu.so's own device link without OpenMPOpt: with it, clang-linker-wrapper 19 spent more
# than 55 CPU minutes on the library's gfx90a image and had not finished (three quarters of
# its samples in attribute queries, llvm::Instruction::getFunction and hasFnAttr, over the
# whole image); without it the image linked in 9 minutes (2-core x86-64 VM, one
# architecture). libredu's kernels do not rely on OpenMPOpt (SPMD by construction, team
# memory explicit: docs/design.md; the H100 stress matrix runs without it too). Programs
# that link libredu keep their own link's OpenMPOpt.
set(REDU_LIBRARY_LINK_ONLY "SHELL:-mllvm -openmp-opt-disable")
