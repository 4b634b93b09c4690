"""With another allocator after heapline in the lookup order (as jemalloc,
tcmalloc or mimalloc linked into a program are), heapline forwards to it
through dlsym(RTLD_NEXT), asks it for usable sizes instead of reading
glibc's chunk headers, counts the C++ operators it serves without malloc,
and every figure stays exact."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
allocators = t.other_allocators()
for allocator in allocators:
    for name in ("counts_malloc", "counts_calloc", "counts_realloc",
                 "counts_posix_memalign", "counts_aligned_alloc",
                 "counts_cxx_new_delete", "threads_exact"):
        # Debian's mimalloc 2.0.9 returns aligned_alloc(512, 512)
        # misaligned, without heapline too.
        if "mimalloc" in allocator and name == "counts_aligned_alloc":
            continue
        t.check_counted(t.program(name), preload=t.LIB + " " + allocator)
t.done()
