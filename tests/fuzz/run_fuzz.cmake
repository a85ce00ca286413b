# cmake -DFUZZER=... -DSEEDS=<checked-in corpus> -DWORK=<build-tree dir> -DSECONDS=N -P run_fuzz.cmake
# Fuzzes a copy of the seeds (never the source tree) for SECONDS; fails on any finding.
file(MAKE_DIRECTORY "${WORK}/corpus")
file(GLOB _seeds "${SEEDS}/*")
file(COPY ${_seeds} DESTINATION "${WORK}/corpus")
execute_process(COMMAND "${FUZZER}" -max_total_time=${SECONDS} -timeout=30 -rss_limit_mb=4096
                        -detect_leaks=0 -print_final_stats=1 -artifact_prefix=${WORK}/
                        "${WORK}/corpus"
                WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz_redu failed (${rc}): the input is in ${WORK}/ (crash-*, "
                      "timeout-*, oom-*); replay it with ${FUZZER} <file>")
endif()
