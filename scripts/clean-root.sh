#!/bin/sh
# Trust first: proves that a fresh Debian 12 machine can run the README's commands with
# nothing but what scripts/setup.sh installs. This machine has accumulated packages (other
# compilers, llvm-14, git, python3, ...) that can hide a package missing from setup.sh; a
# debootstrap minbase root has none of them.
#   scripts/clean-root.sh [--worktree] [--llvm 22] [--sources host|list] [--cold] [--keep]
# As root with CAP_SYS_ADMIN (a private mount namespace), on a Debian host (debootstrap is
# installed when missing). Inside a fresh root it runs, as root: scripts/setup.sh --cuda,
# then scripts/test.sh's stages host (host-offload build, CTest on the plugin and under host
# fallback) and main (scripts/run-main.sh --quick, the main command). test.sh's other stages
# (ASan/UBSan, the fuzzer, the sm_90 build) run once, on the host: they add no package.
# Any failure exits non-zero.
#   --worktree      test the working tree (tracked and untracked files that git does not
#                   ignore, as they are now) instead of the committed HEAD; scripts/test.sh
#                   uses it so that every stage tests the same code
#   --llvm 22       the second compiler's root (scripts/test.sh's stage llvm22): setup.sh
#                   --cuda --llvm 22 (clang 22 in place of clang 19, whose libomp-19-dev
#                   conflicts with libomp-22-dev), then test.sh's stages san, fuzz and
#                   objects with clang 22 (REDU_LLVM=22)
#   --sources list  give the root one-line /etc/apt/sources.list entries instead of the
#                   host's format (both must work for setup.sh --cuda's non-free edit)
#   --cold          rebuild the cached base root and drop the cached .debs first
#   --keep          leave the root in place afterwards (its path is printed) for debugging
# Cache (outside the repo): $REDU_CLEAN_ROOT_CACHE, default /var/cache/libredu-clean-root:
# base.tar (the finished minbase root, rebuilt after 30 days) and debs/ (apt's archive
# directory, shared by the roots so that packages are downloaded once; each root still
# installs them all through setup.sh). Roots go under $REDU_CLEAN_ROOT_TMP (/var/tmp).
# The Debian mirror is the one apt on this host uses for bookworm, read at run time, or
# $REDU_CLEAN_ROOT_MIRROR.
set -eu
me=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
root=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "clean-root: FAILED: $*" >&2; exit 1; }

# --- the second half, run by the first through unshare (at the end): in a private mount
# namespace, mount what the root needs, chroot, run the commands -------------------------
if [ "${1:-}" = --in-namespace ]; then
  r=$2 debs=$3 cmd=$4
  unmount() {
    for m in var/cache/apt/archives dev sys proc; do
      mountpoint -q "$r/$m" && { umount -R "$r/$m" 2>/dev/null || umount -Rl "$r/$m"; }
    done
    return 0
  }
  trap unmount EXIT
  trap 'exit 130' INT TERM
  mount -t proc proc "$r/proc"
  # hwloc reads the topology from /sys; libomp keeps its registration in /dev/shm.
  mount --rbind /sys "$r/sys"
  mount --rbind /dev "$r/dev"
  mount --bind "$debs" "$r/var/cache/apt/archives"
  # env -i: nothing of this host's environment (CC, PATH additions, ...) leaks in, except
  # the proxy variables, which say how to reach the registry.
  set -- PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 TERM=dumb
  for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    eval "x=\${$v:-}"
    [ -z "$x" ] || set -- "$@" "$v=$x"
  done
  chroot "$r" /usr/bin/env -i "$@" /bin/sh -c "$cmd"
  exit $?
fi

worktree=0 sources=host cold=0 keep=0 llvm=19
while [ $# -gt 0 ]; do
  case $1 in
    --worktree) worktree=1 ;;
    --llvm) [ "${2:-}" = 22 ] || die "--llvm takes 22 (clang 19 is the default)"; llvm=22; shift ;;
    --sources) [ $# -ge 2 ] || die "--sources needs host or list"; sources=$2; shift ;;
    --cold) cold=1 ;;
    --keep) keep=1 ;;
    *) sed -n '2,/^set -eu/p' "$0" | sed '$d' >&2; exit 2 ;;
  esac
  shift
done
case $sources in host | list) ;; *) die "--sources must be host or list" ;; esac
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, mount, chroot)"
# A root made by this script must not start another one (scripts/test.sh inside it is told
# to skip this stage; this is the backstop).
[ ! -e /etc/libredu-clean-root ] || die "already inside a clean root; not recursing"
command -v git >/dev/null || die "git is needed on this host to copy the repository"
# Mounts go in a private namespace so that they cannot outlive the run (see the end).
unshare --mount --propagation private true 2>/dev/null ||
  die "cannot make a private mount namespace (unshare --mount): needs root with CAP_SYS_ADMIN"

cache=${REDU_CLEAN_ROOT_CACHE:-/var/cache/libredu-clean-root}
tmpdir=${REDU_CLEAN_ROOT_TMP:-/var/tmp}
mkdir -p "$cache/debs/partial"
start=$(date +%s)
elapsed() { echo "$(($(date +%s) - start)) s"; }

# One run at a time: the roots share the .deb cache, and apt in two roots would fight over
# its lock.
exec 9>"$cache/lock"
flock -n 9 || { echo "clean-root: waiting for another run to finish"; flock 9; }

# The mirror apt on this host uses for bookworm: first a one-line "deb" entry, then deb822
# stanzas (Types deb, Suites bookworm, not Enabled: no).
host_mirror() {
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk '$1 == "deb" { i = 2
           if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
           if ($(i + 1) == "bookworm") { print $i; exit } }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'function flush() {
           if (!done && types ~ /(^| )deb( |$)/ && (" " suites " ") ~ / bookworm / &&
               enabled != "no" && uris != "") { split(uris, u, " "); print u[1]; done = 1 }
           types = uris = suites = enabled = "" }
         /^[ \t]*#/ { next }
         /^[ \t]*$/ { flush(); next }
         { k = tolower($1); sub(/:$/, "", k); v = $0; sub(/^[^:]*:[ \t]*/, "", v)
           if (k == "types") types = v; else if (k == "uris") uris = v
           else if (k == "suites") suites = v; else if (k == "enabled") enabled = tolower(v) }
         END { flush() }' "$f"
  done
}

# --- the cached base root ---------------------------------------------------------------
base=$cache/base.tar
if [ "$cold" = 1 ]; then
  rm -f "$base"
  find "$cache/debs" -maxdepth 1 -name '*.deb' -delete
fi
# Stable point releases move the base packages; a month-old base is still a fair "fresh".
# Old .debs are superseded ones, mostly: the cache must not grow without end.
[ -f "$base" ] && [ -n "$(find "$base" -mtime +30)" ] && rm -f "$base"
find "$cache/debs" -maxdepth 1 -name '*.deb' -mtime +60 -delete
if [ ! -f "$base" ]; then
  mirror=${REDU_CLEAN_ROOT_MIRROR:-$(host_mirror | head -n 1)}
  [ -n "$mirror" ] || die "no bookworm source in /etc/apt/sources.list{,.d}; set REDU_CLEAN_ROOT_MIRROR"
  if ! command -v debootstrap >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
  fi
  # debootstrap fetches with wget, which knows nothing of apt's proxy settings.
  if [ -z "${http_proxy:-}" ]; then
    eval "$(apt-config shell http_proxy Acquire::http::Proxy)"
    [ -n "${http_proxy:-}" ] && export http_proxy
  fi
  echo "== clean root: building the base (debootstrap minbase bookworm from $mirror)"
  b=$(mktemp -d "$tmpdir/libredu-base.XXXXXX")
  chmod 755 "$b"
  if ! debootstrap --variant=minbase bookworm "$b" "$mirror" >"$cache/debootstrap.log" 2>&1; then
    tail -n 20 "$cache/debootstrap.log" >&2
    rm -rf --one-file-system "$b"
    die "debootstrap failed (log: $cache/debootstrap.log)"
  fi
  # debootstrap leaves its .debs and root-owned package lists behind; a fresh machine has
  # neither (and apt, running as _apt, warns over the lists).
  rm -rf "$b"/var/cache/apt/archives/*.deb "$b"/var/lib/apt/lists/*
  mkdir -p "$b/var/lib/apt/lists/partial"
  tar -C "$b" --numeric-owner -cf "$base.new" .
  rm -rf --one-file-system "$b"
  mv "$base.new" "$base"
  echo "== clean root: base cached in $base ($(elapsed))"
fi

# --- a fresh root -----------------------------------------------------------------------
r=$(mktemp -d "$tmpdir/libredu-clean-root.XXXXXX")
cleanup() {
  status=$?
  # Mounts live in the private namespace and die with it; if one is visible here anyway,
  # do not delete through it (rm would reach the host's /dev or /sys).
  if grep -q " $r/" /proc/self/mountinfo; then
    echo "clean-root: mounts remain under $r; not removing it" >&2
    status=1
  elif [ "$keep" = 1 ]; then
    echo "clean-root: root kept in $r"
  else
    rm -rf --one-file-system "$r"
  fi
  exit $status
}
trap cleanup EXIT
trap 'echo "clean-root: interrupted" >&2; exit 130' INT TERM
tar -C "$r" --numeric-owner -xpf "$base"
# mktemp made it 0700; a root directory is 0755 (apt's _apt user must get through it).
chmod 755 "$r"
touch "$r/etc/libredu-clean-root"
# No daemon may start from a package's postinst: nothing would stop it, and it would keep
# the root's mounts alive.
printf '#!/bin/sh\nexit 101\n' >"$r/usr/sbin/policy-rc.d"
chmod 755 "$r/usr/sbin/policy-rc.d"
cp -L /etc/resolv.conf "$r/etc/resolv.conf"
# debootstrap writes no /etc/hosts; every installed Debian (installer, cloud and container
# images) has one naming localhost and the machine. Without it each mpirun resolves this
# machine's name through DNS: 5.9 s instead of 0.7 s per 2-rank run (measured in a root,
# 2026-11-25), about 1.5 minutes more per CTest pass of the suite (four passes per run).
printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n' \
  "$(cat /proc/sys/kernel/hostname)" >"$r/etc/hosts"

# The registry: the host's apt sources as they are (the root must reach what this machine
# reaches), the keyrings they name, and the host's proxy and date-check settings. Debian's
# non-free component is taken out, as on a fresh install: setup.sh --cuda must add it.
rm -f "$r/etc/apt/sources.list" "$r"/etc/apt/sources.list.d/*
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  case $f in
    *.sources) sed '/^Components:/s/[[:space:]]non-free\([[:space:]]\|$\)/\1/' "$f" ;;
    *) sed '/^[[:space:]]*deb/s/[[:space:]]non-free\([[:space:]]\|$\)/\1/' "$f" ;;
  esac >"$r$f"
  for k in $(sed -n 's/^Signed-By:[[:space:]]*\(\/[^[:space:]]*\).*/\1/p; s/.*signed-by=\(\/[^] ]*\).*/\1/p' "$f"); do
    [ -e "$r$k" ] || [ ! -f "$k" ] || { mkdir -p "$r$(dirname "$k")"; cp "$k" "$r$k"; }
  done
done
apt-config dump | grep -E '^Acquire::([A-Za-z]+::Proxy|Check-Valid-Until|Check-Date)' \
  >"$r/etc/apt/apt.conf.d/00libredu-host-acquire" || true
if [ "$sources" = list ]; then
  # One-line format: each deb822 stanza becomes "deb [signed-by=K] URI SUITE COMPONENTS".
  for f in "$r"/etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'function flush(  i, j, u, s) {
           if (types ~ /(^| )deb( |$)/ && enabled != "no" && uris != "") {
             n = split(uris, u, " "); m = split(suites, s, " ")
             for (i = 1; i <= n; i++) for (j = 1; j <= m; j++)
               print "deb " (key != "" ? "[signed-by=" key "] " : "") u[i] " " s[j] " " comps }
           types = uris = suites = comps = key = enabled = "" }
         /^[ \t]*#/ { next }
         /^[ \t]*$/ { flush(); next }
         { k = tolower($1); sub(/:$/, "", k); v = $0; sub(/^[^:]*:[ \t]*/, "", v)
           if (k == "types") types = v; else if (k == "uris") uris = v
           else if (k == "suites") suites = v; else if (k == "components") comps = v
           else if (k == "signed-by") key = v; else if (k == "enabled") enabled = tolower(v) }
         END { flush() }' "$f" >>"$r/etc/apt/sources.list"
    rm -f "$f"
  done
fi
echo "== clean root: apt sources in the root:"
cat "$r/etc/apt/sources.list" "$r"/etc/apt/sources.list.d/*.list "$r"/etc/apt/sources.list.d/*.sources 2>/dev/null |
  grep -v '^[[:space:]]*\(#\|$\)' | sed 's/^/   /'

# The repository: a clone of the committed HEAD (what a fresh machine clones), or with
# --worktree the files as they are in this checkout, over that clone.
src=$r/work/libredu
mkdir -p "$r/work"
head=$(git -C "$root" rev-parse HEAD)
git clone -q --no-hardlinks --no-checkout "$root" "$src"
git -C "$src" checkout -q --detach "$head"
if [ "$worktree" = 1 ]; then
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
    xargs -0 sh -c 'for f; do [ -e "$f" ] || [ -L "$f" ] && printf "%s\0" "$f"; done; true' sh |
    tar --null -T - -cf -) | tar -C "$src" -xf -
  (cd "$root" && git ls-files -z --deleted) | (cd "$src" && xargs -0 -r rm -f --)
  echo "== clean root: repository: working tree of $root (HEAD $head plus uncommitted changes)"
else
  echo "== clean root: repository: committed HEAD $head of $root"
fi
echo "== clean root: ready in $r ($(elapsed))"

# --- run the README's commands inside ---------------------------------------------------
# test.sh's stages host and main run here and nowhere else when test.sh started this run;
# with --llvm 22, stages san, fuzz and objects under clang 22.
if [ "$llvm" = 19 ]; then
  skip="san fuzz nvptx clean-root llvm22" what="stages host and main"
  passed="setup.sh, build, tests and the main command"
else
  skip="host main nvptx clean-root llvm22" what="stages san, fuzz and objects"
  passed="setup.sh --llvm $llvm and the suite under clang $llvm"
fi
setup="scripts/setup.sh --cuda --llvm $llvm"
# setup.sh first on its own (timed; test.sh's and run-main.sh's calls then prove it
# idempotent), then the stages (test.sh prints their times).
cmd="set -e; cd /work/libredu; t=\$(date +%s)
echo '== clean root: $setup'
$setup
echo \"== clean root: setup.sh: \$((\$(date +%s) - t)) s\"
echo '== clean root: scripts/test.sh (REDU_LLVM=$llvm REDU_TEST_SKIP=\"$skip\"): $what'
REDU_LLVM=$llvm REDU_TEST_SKIP='$skip' scripts/test.sh"
# A private mount namespace: the root's mounts vanish with it, whatever way it ends.
status=0
unshare --mount --propagation private -- sh "$me" --in-namespace "$r" "$cache/debs" "$cmd" ||
  status=$?
[ "$status" = 0 ] ||
  die "the README's commands failed in a fresh Debian 12 root (exit $status, $(elapsed)); see above"
echo "== clean root: passed: $passed in a fresh Debian 12 root ($(elapsed))"
