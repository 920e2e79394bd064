#!/usr/bin/env python3
"""Reads extended SQL trace files (event 10046) with trctools' parser
(tests/third_party/trctools/, vendored unchanged: see README.md there) and
prints, as JSON, what it made of them: every operation it recorded (PARSING
IN CURSOR, PARSE, EXEC, FETCH, WAIT, STAT, BINDS, CLOSE, XCTEND, ERROR,
header and *** lines) with its fields and line number, the lines it did not
recognise, the errors it counted and the warnings it printed.

    python3 tests/third_party/check_trace.py FILE.trc [FILE.trc ...]

The parser is run as its own trc2db.py runs it (process_file with a call
tracker, then flush), with a backend that keeps the operations in memory
(as the repository's tests/mock_backend.py does). Two shims, neither
touching its code: `sys.exception` (Python 3.12's; this machine has 3.11)
and the `filetype` package (used only to guess compression; the lab's files
are plain text, so its guess is None).
"""

import contextlib
import io
import json
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "trctools"))

if not hasattr(sys, "exception"):
    sys.exception = lambda: sys.exc_info()[1]
if "filetype" not in sys.modules:
    try:
        import filetype  # noqa: F401
    except ImportError:
        shim = types.ModuleType("filetype")
        shim.guess = lambda _name: None
        sys.modules["filetype"] = shim

import trcparser  # noqa: E402
from call_tracker import CallTracker  # noqa: E402

FIELDS = ("op_type", "cursor", "sql_id", "line", "c", "e", "p", "cr", "cu", "mis", "r", "dep", "og",
          "plh", "tim", "type", "name", "raw", "len", "uid", "oct", "lid", "hv", "ad", "rlbk", "rd_only", "err")


class Backend:
    """Keeps the operations the tracker hands over, in order."""

    def __init__(self):
        self.span_id = 0
        self.ops = []

    def get_span_id(self):
        self.span_id += 1
        return self.span_id

    def add_ops(self, span_id, sql_id, ops):
        for o in ops:
            d = o.to_dict(span_id, sql_id)
            self.ops.append({k: d.get(k) for k in FIELDS} | {"span_id": span_id})

    def flush(self):
        pass


def check(fname):
    db = Backend()
    tracker = CallTracker(db)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        lines, errors = trcparser.process_file(tracker, fname, orphans=True)
        tracker.flush()
    printed = out.getvalue().splitlines()
    orphans = [p[len("non-matching line: "):] for p in printed if p.startswith("non-matching line: ")]
    warnings = [p for p in printed if not p.startswith("non-matching line: ") and p.strip()]
    db.ops.sort(key=lambda o: (o["line"], o["span_id"]))
    return {"file": fname, "lines": lines, "errors": errors, "orphans": orphans, "warnings": warnings, "ops": db.ops}


def main(argv):
    json.dump([check(f) for f in argv[1:]], sys.stdout, default=str)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
