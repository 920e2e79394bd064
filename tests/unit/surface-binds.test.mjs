// Issue 33: SQL*Plus's PRINT lays each bind variable out as a one-column
// query's rows (the SQL*Plus User's Guide's example, 10.2:
// https://docs.oracle.com/cd/B19306_01/server.102/b14357/ch12031.htm),
// and VARIABLE's listing prints right under the command.
import { describe, expect, it } from 'vitest';
import { formatStep, nextFollowsDirectly } from '../../renderer/src/reports/sqlplus.mjs';

describe('PRINT and VARIABLE', () => {
  it('prints a NUMBER as the guide shows it', () => {
    const step = { kind: 'sqlplus', statement: 'PRINT n', prints: [{ name: 'N', width: 0, value: 1 }] };
    expect(formatStep(step)).toEqual(['SQL> PRINT n', '', '         N', '----------', '         1']);
  });
  it('prints several variables one block each, a VARCHAR2 at its declared width', () => {
    const step = {
      kind: 'sqlplus',
      statement: 'print',
      prints: [
        { name: 'N', width: 0, value: 5 },
        { name: 'S', width: 30, value: 'hello' },
      ],
    };
    expect(formatStep(step)).toEqual([
      'SQL> print', '', '         N', '----------', '         5', '', 'S', '-'.repeat(30), 'hello',
    ]);
  });
  it('lists VARIABLE right under the command', () => {
    const step = { kind: 'sqlplus', statement: 'var', output: ['variable   N', 'datatype   NUMBER'] };
    expect(formatStep(step)).toEqual(['SQL> var', 'variable   N', 'datatype   NUMBER']);
    expect(nextFollowsDirectly(step)).toBe(true);
  });
});
