# Source this on the GPU machine, from the project root, with the folder that
# scripts/stage-gpu-runtime.sh filled (.gpu-rt, or REDU_RT_DIR) copied there:
#     . .gpu-rt/device-env.sh
# It unpacks the staged LLVM 19 OpenMP runtime and hwloc into /tmp/redu-rt once and puts
# them on LD_LIBRARY_PATH, so that binaries built on Debian 12 find libomp, libomptarget
# and libhwloc there. Nothing is installed.
_redu_rt=${REDU_RT_DIR:-.gpu-rt}
if [ ! -f /tmp/redu-rt/.done ]; then
  mkdir -p /tmp/redu-rt
  for _redu_deb in "$_redu_rt"/*.deb; do
    dpkg -x "$_redu_deb" /tmp/redu-rt || { echo "device-env: cannot unpack $_redu_deb" >&2; return 1; }
  done
  touch /tmp/redu-rt/.done
fi
export LD_LIBRARY_PATH=/tmp/redu-rt/usr/lib/llvm-19/lib:/tmp/redu-rt/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
unset _redu_rt _redu_deb
