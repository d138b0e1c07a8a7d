"""The kernel's theories: one folder per family of domain kinds; a theory imports only the core, no other theory."""
