"""Write the conformance vectors in tests/vectors/ from the Python engine.

Run from the repository root:  .venv/bin/python scripts/make_vectors.py
The same rules give the same bytes, so a changed file is a changed rule
(docs/architecture.md, "Conformance vectors"); the generator is scripts/vectors/.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.vectors.write import main

if __name__ == "__main__":
    main()
