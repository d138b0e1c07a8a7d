"""verify: claim registry, certificates, the independent kernel, the command line and the report."""

__all__ = ["kernel", "__version__"]

__version__ = "0.1.0"  # the package version (pyproject.toml reads it from here)
