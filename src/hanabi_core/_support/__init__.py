"""The package's private helpers: small tools that import nothing of `hanabi_core`.

- `fast.frozen_builder`: build a frozen attrs instance through its slots (the hot paths);
- `readonly.ReadOnlyMap`: a read-only mapping that pickles and deep-copies;
- `hashing`: hashes that do not change between processes (`None` as a constant);
- `extras`: the one wording of a missing optional extra and of its install command.

Every room may import these (`docs/contributing.md`, "Documented internal names").
"""
