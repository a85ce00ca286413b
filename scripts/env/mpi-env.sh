# Source this on the GPU machine, from the project root, with the folder that
# scripts/stage-mpi.sh filled (.gpu-mpi, or REDU_MPI_DIR) copied there:
#     . .gpu-mpi/mpi-env.sh
# It unpacks the staged Open MPI into /tmp/redu-mpi once and sets PATH, LD_LIBRARY_PATH and
# Open MPI's settings for ranks on this one node (shared memory and self transports only;
# running as root allowed, as containers often do). Then:
#     mpirun --oversubscribe -x LD_LIBRARY_PATH -x PATH -np 2 PROGRAM
_redu_mpi=${REDU_MPI_DIR:-.gpu-mpi}
if [ ! -f /tmp/redu-mpi/.done ]; then
  mkdir -p /tmp/redu-mpi
  for _redu_deb in "$_redu_mpi"/*.deb; do
    dpkg -x "$_redu_deb" /tmp/redu-mpi || { echo "mpi-env: cannot unpack $_redu_deb" >&2; return 1; }
  done
  # Debian's mpirun is an alternatives link that dpkg -x does not create.
  ln -sf orterun /tmp/redu-mpi/usr/bin/mpirun
  touch /tmp/redu-mpi/.done
fi
export OPAL_PREFIX=/tmp/redu-mpi/usr PATH=/tmp/redu-mpi/usr/bin:$PATH
export LD_LIBRARY_PATH=/tmp/redu-mpi/usr/lib/x86_64-linux-gnu:/tmp/redu-mpi/usr/lib/x86_64-linux-gnu/openmpi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMPI_MCA_plm=isolated OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1
unset _redu_mpi _redu_deb
