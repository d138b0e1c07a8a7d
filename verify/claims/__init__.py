"""One module per section of the paper; each registers its claims with @claim (see verify.registry)."""

__all__: list[str] = []
