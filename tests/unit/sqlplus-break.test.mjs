// Issue 28, "Right or refused": SQL*Plus's BREAK and COMPUTE laid out as
// SQL*Plus prints them (they were refused with LAB-00001). The layout of
// the SQL*Plus User's Guide's own example ("Clarifying Your Report with
// Spacing and Summary Lines":
// https://docs.oracle.com/cd/A91202_01/901_doc/server.901/a88827/ch43.htm):
// the break column's repeated values blank, a line of `*` under it and of
// `-` under the computed column, the label `sum` in the break column, a
// blank line for SKIP 1.
import { describe, expect, it } from 'vitest';
import { formatRows } from '../../renderer/src/reports/sqlplus.mjs';

const COLS = ['DEPARTMENT_ID', 'LAST_NAME', 'SALARY'];
const ROWS = [
  [20, 'Hartstein', 13000],
  [80, 'Russell', 14000],
  [80, 'Partners', 13500],
  [90, 'King', 24000],
  [90, 'Kochhar', 17000],
  [90, 'De Haan', 17000],
];
/** @param {object} opts */
const layout = (opts) => formatRows(COLS, ROWS, {}, [0, 25, 0], 80, opts);
const onDept = (skip = 0, duplicates = false) => ({ on: 'DEPARTMENT_ID', skip, duplicates });
const REPORT = { on: 'REPORT', skip: 0, duplicates: false };

describe('BREAK', () => {
  it('blanks a repeated value (NODUPLICATES), SKIP 1 puts a blank line before a new value', () => {
    expect(layout({ breaks: [onDept(1)] })).toEqual([
      'DEPARTMENT_ID LAST_NAME                     SALARY',
      '------------- ------------------------- ----------',
      '           20 Hartstein                      13000',
      '',
      '           80 Russell                        14000',
      '              Partners                       13500',
      '',
      '           90 King                           24000',
      '              Kochhar                        17000',
      '              De Haan                        17000',
    ]);
  });

  it('DUPLICATES prints every value', () => {
    expect(layout({ breaks: [onDept(0, true)] })[4]).toBe('           80 Partners                       13500');
  });
});

describe('COMPUTE', () => {
  it('SUM OF SALARY ON DEPARTMENT_ID with SKIP 1: the guide example', () => {
    const computes = [{ of: 'SALARY', on: 'DEPARTMENT_ID', functions: [['sum', 'sum']] }];
    expect(layout({ breaks: [onDept(1)], computes })).toEqual([
      'DEPARTMENT_ID LAST_NAME                     SALARY',
      '------------- ------------------------- ----------',
      '           20 Hartstein                      13000',
      '*************                           ----------',
      'sum                                          13000',
      '',
      '           80 Russell                        14000',
      '              Partners                       13500',
      '*************                           ----------',
      'sum                                          27500',
      '',
      '           90 King                           24000',
      '              Kochhar                        17000',
      '              De Haan                        17000',
      '*************                           ----------',
      'sum                                          58000',
    ]);
  });

  it('ON REPORT: the label in the first column, one line per function in SQL*Plus order', () => {
    const computes = [{ of: 'SALARY', on: 'REPORT', functions: [['avg', 'avg'], ['sum', 'TOTAL']] }];
    expect(layout({ breaks: [REPORT], computes }).slice(-3)).toEqual([
      '                                        ----------',
      'avg                                     16416.6667',
      'TOTAL                                        98500',
    ]);
  });

  it('ON REPORT of the first column prints no label', () => {
    const computes = [{ of: 'DEPARTMENT_ID', on: 'REPORT', functions: [['count', 'count']] }];
    expect(layout({ breaks: [REPORT], computes }).slice(-2)).toEqual(['-------------', '            6']);
  });

  it('COUNT of a character column: the number right-aligned under it', () => {
    const computes = [{ of: 'LAST_NAME', on: 'DEPARTMENT_ID', functions: [['count', 'count']] }];
    expect(layout({ breaks: [onDept()], computes }).slice(-2)).toEqual([
      '************* -------------------------',
      'count                                 3',
    ]);
  });

  it('a COMPUTE with no BREAK on its column prints nothing', () => {
    const computes = [{ of: 'SALARY', on: 'LAST_NAME', functions: [['sum', 'sum']] }];
    expect(layout({ breaks: [onDept()], computes })).toHaveLength(8);
  });
});
