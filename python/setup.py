# The package holds prebuilt native code (graphrun/_core*.so and
# libgraphrun.so, built by CMake): say so, so that the wheel is tagged for
# this platform and Python rather than as pure Python.
from setuptools import setup
from setuptools.dist import Distribution


class PrebuiltNativeDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=PrebuiltNativeDistribution)
