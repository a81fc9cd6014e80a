# SPDX-License-Identifier: Apache-2.0
"""Builds attnlab._core from the project's sources with the project's CMake, so `pip install ./python` needs nothing
copied by hand: the extension is the native build's target attnlab_python (python/core_module.cpp over the core,
pybind11 from Debian's pybind11-dev), built in the checkout's native tree build/native, configured there when absent,
so a later scripts/build.sh reuses it and a reinstall compiles only what changed. link-keys.json (the page's link
version and reserved keys, web/src/state/) is copied in beside the package, so both read one file.

Offline, with Debian's packages (README, "Python"):
    /usr/bin/python3 -m venv --system-site-packages venv && venv/bin/pip install --no-index --no-build-isolation ./python
Knobs: ATTNLAB_JOBS (parallel compile jobs, default: all cores), ATTNLAB_PYTHON_BUILD_DIR (another CMake tree).
"""
import glob
import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LINK_KEYS = ROOT / "web" / "src" / "state" / "link-keys.json"


def checkout():
    """The project's root: the package builds from a checkout (its core is outside python/)."""
    if not (ROOT / "CMakeLists.txt").is_file() or not (ROOT / "wasm" / "core").is_dir():
        raise SystemExit(f"attnlab: build from the project's checkout (pip install ./python from its root); "
                         f"{ROOT} has no CMakeLists.txt and wasm/core/")
    return ROOT


class CMakeBuild(build_ext):
    """The extension as the native CMake tree builds it: the same flags as the CLI, so the same numbers."""

    def build_extension(self, ext):
        root = checkout()
        tree = Path(os.environ.get("ATTNLAB_PYTHON_BUILD_DIR") or root / "build" / "native")
        jobs = os.environ.get("ATTNLAB_JOBS") or str(os.cpu_count() or 1)
        if shutil.which("cmake") is None:
            raise SystemExit("attnlab: cmake is needed to build the extension (Debian: apt-get install cmake, "
                             "or bash scripts/setup.sh test)")
        if not (tree / "Makefile").is_file():  # a failed configure leaves a cache but no Makefile
            subprocess.run(["cmake", "-S", str(root), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release"], check=True)
        subprocess.run(["cmake", "--build", str(tree), f"-j{jobs}", "--target", "attnlab_python"], check=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = tree / "python" / "attnlab" / f"_core{suffix}"
        if not built.is_file():
            found = ", ".join(glob.glob(str(tree / "python" / "attnlab" / "_core*"))) or "nothing"
            raise SystemExit(f"attnlab: the CMake build made {found}, not _core{suffix} for this Python; the build "
                             "targets Debian's /usr/bin/python3 (pybind11-dev): install from a venv over it")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


class WithLinkKeys(build_py):
    """The page's link keys and version, one file for both (web/src/state/link-keys.json)."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "attnlab" / "link-keys.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(checkout() / LINK_KEYS.relative_to(ROOT), target)


setup(ext_modules=[Extension("attnlab._core", sources=[])], cmdclass={"build_ext": CMakeBuild, "build_py": WithLinkKeys})
