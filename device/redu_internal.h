/* Included first by every header that libredu installs under include/libredu/detail/:
 * those are libredu's internals (kernel templates, the target layer, the host half of
 * calls that stamped kernels use), reachable only through the public headers, which
 * define REDU__INSIDE around their includes. libredu's own sources define
 * REDU__BUILDING. No include guard: the test runs at every inclusion. */
#if !defined(REDU__INSIDE) && !defined(REDU__BUILDING)
#error "this libredu header is internal: include redu.h, redu_udr.h or redu_region.h"
#endif
