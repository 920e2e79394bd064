// Issue 33: DESCRIBE of a missing object prints as SQL*Plus prints it:
// `ERROR:` then `ORA-04043: object x does not exist`, without the
// command's line and a `*` marker (those are for SQL statements).
import { describe, expect, it } from 'vitest';
import { formatError } from '../../renderer/src/reports/sqlplus.mjs';

describe('DESCRIBE errors', () => {
  it('prints ERROR: and ORA-04043 alone', () => {
    const step = {
      kind: 'sqlplus',
      statement: 'desc nosuch',
      line: 1,
      column: 1,
      error: { code: 'ORA-04043', message: 'object nosuch does not exist', line: 1, column: 6 },
    };
    expect(formatError(step)).toEqual(['ERROR:', 'ORA-04043: object nosuch does not exist']);
  });
});
