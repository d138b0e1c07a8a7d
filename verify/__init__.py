"""verify: claim registry, certificates, the independent kernel, the command line and the report."""

__all__ = ["kernel"]
