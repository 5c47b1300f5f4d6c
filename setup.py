"""Builds the extension grundy._grundy with CMake (python/CMakeLists.txt), so that
`pip install --no-build-isolation .` from a checkout needs no download: the C++
core, pybind11 and the compiler come from Debian (scripts/install-deps.sh).

GRUNDY_CMAKE_BUILD_DIR=build reuses a build tree configured with
-DGRUNDY_BUILD_PYTHON=ON (scripts/test.sh's), instead of compiling the core again
in a tree of its own."""

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        source = os.path.dirname(os.path.abspath(__file__))
        reused = os.environ.get("GRUNDY_CMAKE_BUILD_DIR")
        if reused:
            build = os.path.abspath(os.path.join(source, reused))
            cache = os.path.join(build, "CMakeCache.txt")
            if not os.path.exists(cache) or "GRUNDY_BUILD_PYTHON:BOOL=ON" not in open(cache).read():
                sys.exit(f"GRUNDY_CMAKE_BUILD_DIR={reused}: not a build tree configured with -DGRUNDY_BUILD_PYTHON=ON")
        else:
            build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
            os.makedirs(build, exist_ok=True)
            subprocess.run([
                "cmake", "-S", source, "-B", build,
                "-DCMAKE_BUILD_TYPE=Release",
                "-DGRUNDY_BUILD_PYTHON=ON", "-DGRUNDY_BUILD_TESTS=OFF", "-DGRUNDY_BUILD_BENCH=OFF",
                # The interpreter pip runs for (a venv's python), not whichever is first on PATH.
                f"-DPython_EXECUTABLE={sys.executable}",
            ], check=True)
        # Two jobs: the machines this is built on have two cores, shared.
        subprocess.run(["cmake", "--build", build, "--target", "_grundy", "-j", os.environ.get("GRUNDY_JOBS", "2")],
                       check=True)
        built = glob.glob(os.path.join(build, "python", "grundy", "_grundy*.so"))
        if len(built) != 1:
            sys.exit(f"expected one compiled module in {build}/python/grundy, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[CMakeExtension("grundy._grundy")], cmdclass={"build_ext": CMakeBuild})
