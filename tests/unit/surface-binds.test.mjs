// Issue 33: SQL*Plus's PRINT lays each bind variable out as a one-column
// query's rows (the SQL*Plus User's Guide's example, 10.2:
// https://docs.oracle.com/cd/B19306_01/server.102/b14357/ch12031.htm),
// and VARIABLE's listing prints right under the command.
import { describe, expect, it } from 'vitest';
import { formatRows, formatStep, nextFollowsDirectly } from '../../renderer/src/reports/sqlplus.mjs';

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

// Issue 33: literal headings. A text literal is CHAR of its length, its
// heading cut to that (`select 'x' from dual` heads `'`, `'hello'` heads
// `'HELL`); a number's heading is its text as typed, right-aligned in
// NUMWIDTH; SET NUMWIDTH widens or narrows number columns.
describe('literal headings and NUMWIDTH', () => {
  it('cuts a text literal heading to its length', () => {
    expect(formatRows(["'X'"], [['x']], {}, [1])).toEqual(["'", '-', 'x']);
    expect(formatRows(["'HELLO'"], [['hello']], {}, [5])).toEqual(["'HELL", '-----', 'hello']);
  });
  it('right-aligns a number heading as typed', () => {
    expect(formatRows(['1E3', '0.50'], [[1000, 0.5]])).toEqual([
      '       1E3       0.50', '---------- ----------', '      1000         .5',
    ]);
  });
  it('applies SET NUMWIDTH', () => {
    expect(formatRows(['N'], [[42]], {}, [], 80, { numwidth: 5 })).toEqual(['    N', '-----', '   42']);
    expect(formatRows(['COUNT(*)'], [[7]], {}, [], 80, { numwidth: 5 })).toEqual(['COUNT(*)', '--------', '       7']);
  });
});
