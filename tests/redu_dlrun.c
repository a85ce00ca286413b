/* redu-dlrun LIB.so [args]: runs a test built as a module (REDU_TEST_MODULES) by loading
 * it after main has started. Linked, a test's offload image registers with libomptarget
 * from a static initializer, which initialises CUDA before compute-sanitizer can attach
 * ("CUDA initialized before the Sanitizer"); loaded here, that happens inside dlopen.
 * docs/targets.md has the measurements. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "usage: redu-dlrun LIB.so [args]\n");
    return 2;
  }
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
  if (!h) {
    fprintf(stderr, "redu-dlrun: %s\n", dlerror());
    return 2;
  }
  int (*entry)(int, char **) = (int (*)(int, char **))dlsym(h, "redu_test_main");
  if (!entry) {
    fprintf(stderr, "redu-dlrun: %s has no redu_test_main\n", argv[1]);
    return 2;
  }
  return entry(argc - 1, argv + 1);
}
