"""The generator of the conformance vectors in tests/vectors/, one module per file.

Run ``scripts/make_vectors.py``; docs/architecture.md ("Conformance vectors")
says why the vectors exist and tests/vectors/README.md gives their format.
"""
