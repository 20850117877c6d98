#!/usr/bin/env python3
"""Validates Lottie documents against the Lottie specification's JSON schema (the lottie-specs
package), printing each error with where in the document it is. Exit status 1 when any is invalid."""
import json
import sys

import jsonschema
import lottie_specs


def main(paths):
    validator = jsonschema.Draft202012Validator(lottie_specs.load_specs())
    invalid = False
    for path in paths:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors[:20]:
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"{path}: /{where}: {error.message[:300]}")
        invalid = invalid or bool(errors)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
