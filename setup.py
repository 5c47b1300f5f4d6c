"""Builds the extension grundy._grundy with CMake (python/CMakeLists.txt), so that
`pip install --no-build-isolation .` from a checkout needs no download: the C++
core, pybind11 and the compiler come from Debian (scripts/install-deps.sh)."""

import os
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
        # The package directory the extension goes to (grundy/ inside build/lib…).
        output = os.path.dirname(os.path.abspath(self.get_ext_fullpath(ext.name)))
        build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        os.makedirs(build, exist_ok=True)
        subprocess.run([
            "cmake", "-S", source, "-B", build,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DGRUNDY_BUILD_PYTHON=ON", "-DGRUNDY_BUILD_TESTS=OFF", "-DGRUNDY_BUILD_BENCH=OFF",
            # The interpreter pip runs for (a venv's python), not whichever is first on PATH.
            f"-DPython_EXECUTABLE={sys.executable}",
            f"-DGRUNDY_PYTHON_OUTPUT_DIR={output}",
        ], check=True)
        # Two jobs: the machines this is built on have two cores, shared.
        subprocess.run(["cmake", "--build", build, "--target", "_grundy", "-j", os.environ.get("GRUNDY_JOBS", "2")],
                       check=True)


setup(ext_modules=[CMakeExtension("grundy._grundy")], cmdclass={"build_ext": CMakeBuild})
