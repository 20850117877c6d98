#!/usr/bin/env python3
"""Validates Lottie documents against the Lottie specification's JSON schema (the lottie-specs
package), printing each error with where in the document it is. Exit status 1 when any is invalid.
Documents are checked one process per core (each validating on its own), the errors printed in the
order the documents were given."""
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

import jsonschema
import lottie_specs

_validator = None


def _start():
    global _validator
    _validator = jsonschema.Draft202012Validator(lottie_specs.load_specs())


def errors_in(path):
    """The lines naming the first 20 errors of the document at `path`, and whether it has any."""
    if _validator is None:
        _start()
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    errors = sorted(_validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    lines = [f"{path}: /{'/'.join(str(p) for p in e.absolute_path)}: {e.message[:300]}" for e in errors[:20]]
    return lines, bool(errors)


def main(paths):
    workers = min(len(paths), len(os.sched_getaffinity(0)))
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers, initializer=_start) as pool:
            results = list(pool.map(errors_in, paths))
    else:
        results = [errors_in(path) for path in paths]
    for lines, _ in results:
        for line in lines:
            print(line)
    return 1 if any(invalid for _, invalid in results) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
