# Spack recipe of heapline (https://spack.io): copy this folder into a Spack
# package repository as packages/heapline/package.py. It follows the form of
# Spack's own darshan-runtime recipe; it is not tested against Spack itself
# (see doc/getting-started.md).

import os

from spack.package import *


class Heapline(AutotoolsPackage):
    """heapline measures the heap and memory peak of every process of a
    program or of a Slurm job, with no rebuild: libheapline.so (LD_PRELOAD),
    the heapline launcher, heapline-report, and a Slurm SPANK plugin that
    adds srun --heapline."""

    # heapline has no download site yet: put the release tarball that
    # `make dist` writes in a Spack mirror (spack mirror add), with its
    # checksum from `spack checksum`, or build a checkout with
    # `spack dev-build heapline@0.1.0`.
    url = "heapline-0.1.0.tar.gz"

    version("0.1.0")

    variant("slurm", default=True,
            description="Build the Slurm SPANK plugin (srun --heapline)")

    depends_on("c", type="build")
    depends_on("cxx", type="build")
    depends_on("gmake", type="build")
    depends_on("libunwind")
    depends_on("elfutils")
    depends_on("slurm", when="+slurm")

    # x86_64 Linux with glibc only (doc/getting-started.md).
    conflicts("platform=darwin")
    conflicts("target=aarch64:")
    conflicts("target=ppc64le:")

    sanity_check_is_file = [
        "lib/libheapline.so",
        "bin/heapline",
        "bin/heapline-report",
        "share/man/man1/heapline.1",
        "share/man/man1/heapline-report.1",
    ]

    def configure_args(self):
        if self.spec.satisfies("+slurm"):
            # The plugin in PREFIX/lib/slurm; plugstack.conf names it by
            # its full path (doc/admin.md).
            return ["--with-slurm=" + self.spec["slurm"].prefix]
        return ["--without-slurm"]

    def check(self):
        # The tests that need no Slurm cluster, nor build packages
        # themselves (spack install --test=root).
        make("check", "HEAPLINE_TEST_CLUSTER=no", "HEAPLINE_TEST_PACKAGES=no")

    @run_after("install")
    def check_plugin(self):
        if self.spec.satisfies("+slurm"):
            plugin = join_path(self.prefix.lib, "slurm", "heapline.so")
            if not os.path.isfile(plugin):
                raise InstallError("the SPANK plugin was not built: " + plugin)
