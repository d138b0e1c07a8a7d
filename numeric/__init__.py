"""Float64 checks of the paper's identities at scale (numpy, torch), each against an a-priori error bound."""

__all__: list[str] = []
