import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  echoLines,
  feedbackLines,
  formatError,
  formatFolded,
  formatJson,
  formatNumber,
  formatPlanTable,
  formatRows,
  formatRuns,
  formatScriptResult,
  formatStatistics,
  formatStep,
  leadingWords,
  orderStats,
  rowCountLine,
  trimmedMean,
} from '../format.mjs';

/**
 * A step with every contract field, overridden by `o`.
 * @param {Partial<import('../../renderer/src/model/types').Step>} [o]
 * @returns {import('../../renderer/src/model/types').Step}
 */
function step(o) {
  return /** @type {import('../../renderer/src/model/types').Step} */ ({
    index: 0, line: 1, column: 1, statement: '', kind: 'ddl', error: null,
    columns: [], rows: [], plan: [], stats: {}, latches: {}, waits: {},
    elapsed_us: 0, folded: [], trace_events: 0, ...o,
  });
}

const PLAN = [
  { id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: 3, cost: 2, io_cost: 2 },
  { id: 1, parent: 0, depth: 1, operation: 'TABLE ACCESS BY INDEX ROWID', name: 'T1', starts: 1, e_rows: 1, a_rows: 1, buffers: 3, cost: 2, io_cost: 2 },
  { id: 2, parent: 1, depth: 2, operation: 'INDEX UNIQUE SCAN', name: 'T1_PK', starts: 1, e_rows: 1, a_rows: 1, buffers: 2, cost: 1, io_cost: 1 },
];

describe('rows in SQL*Plus layout', () => {
  it('lays out a NUMBER column whose values are all NULL as a number column (the engine says its type)', () => {
    // select sum(x), count(*), max(x) from an empty table, as SQL*Plus prints it.
    const rows = [[null, 0, null]];
    expect(formatRows(['SUM(X)', 'COUNT(*)', 'MAX(X)'], rows, {}, [], 80, { numeric: [true, true, true] })).toEqual([
      '    SUM(X)   COUNT(*)     MAX(X)',
      '---------- ---------- ----------',
      '                    0',
    ]);
    // Without the types the values decide (a column of NULLs is text).
    expect(formatRows(['SUM(X)', 'COUNT(*)'], [[null, 0]])[0]).toBe('SUM(X)   COUNT(*)');
  });

  it('right-aligns NUMBER columns in NUMWIDTH 10, left-aligns text, underlines with dashes', () => {
    expect(formatRows(['ID', 'NAME'], [[1, 'alpha'], [22, 'b'], [333, null]])).toEqual([
      '        ID NAME',
      '---------- -----',
      '         1 alpha',
      '        22 b',
      '       333',
    ]);
  });

  it('widens a column to its heading or its longest value', () => {
    expect(formatRows(['A_VERY_LONG_HEADING', 'X'], [[1, 'a much longer value']])).toEqual([
      'A_VERY_LONG_HEADING X',
      '------------------- -------------------',
      '                  1 a much longer value',
    ]);
  });

  it('shows the classic COUNT(*) layout', () => {
    expect(formatRows(['COUNT(*)'], [[100000]])).toEqual(['  COUNT(*)', '----------', '    100000']);
  });

  it('counts rows the SQL*Plus way', () => {
    expect(rowCountLine(0)).toBe('no rows selected');
    expect(rowCountLine(1)).toBe('1 row selected.');
    expect(rowCountLine(100000)).toBe('100000 rows selected.');
  });

  it('prints NUMBERs as Oracle does', () => {
    expect(formatNumber(0.5)).toBe('.5');
    expect(formatNumber(-0.25)).toBe('-.25');
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(1 / 3)).toBe('.333333333');
    expect(formatNumber(2 / 3)).toBe('.666666667');
    expect(formatNumber(12345678901)).toBe('1.2346E+10');
    expect(formatNumber(1e-7)).toBe('.0000001');
    // A 44-digit NUMBER (issue 28): SQL*Plus's NUMWIDTH 10 E notation, not JavaScript's '1e+44'.
    expect(formatNumber(1e44)).toBe('1.0000E+44');
    expect(formatNumber(1e21)).toBe('1.0000E+21');
    expect(formatNumber(-1e30)).toBe('-1.000E+30');
  });
});

describe('autotrace statistics', () => {
  it('puts the classic statistics first in autotrace order, then the rest alphabetically, without zeros', () => {
    const stats = {
      'session logical reads': 3,
      'rows processed': 1,
      'consistent gets': 3,
      'recursive calls': 0,
      'buffer is pinned count': 2,
      'SQL*Net roundtrips to/from client': 2,
      'db block gets': 1,
      'consistent gets - examination': 3,
    };
    expect(orderStats(stats).map(([n]) => n)).toEqual([
      'db block gets',
      'consistent gets',
      'SQL*Net roundtrips to/from client',
      'rows processed',
      'buffer is pinned count',
      'consistent gets - examination',
      'session logical reads',
    ]);
  });

  it('formats the Statistics section: 10-character number, two spaces, name', () => {
    expect(formatStatistics({ 'consistent gets': 3, 'redo size': 123456, 'rows processed': 1 })).toEqual([
      'Statistics',
      '----------------------------------------------------------',
      '         3  consistent gets',
      '    123456  redo size',
      '         1  rows processed',
    ]);
  });
});

describe('execution plan', () => {
  it('draws the plan table with operations indented by depth', () => {
    expect(formatPlanTable(PLAN)).toEqual([
      '------------------------------------------------------------------------------------------',
      '| Id  | Operation                    | Name  | Starts | E-Rows | A-Rows | Buffers | Cost |',
      '------------------------------------------------------------------------------------------',
      '|   0 | SELECT STATEMENT             |       |      1 |      1 |      1 |       3 |    2 |',
      '|   1 |  TABLE ACCESS BY INDEX ROWID | T1    |      1 |      1 |      1 |       3 |    2 |',
      '|   2 |   INDEX UNIQUE SCAN          | T1_PK |      1 |      1 |      1 |       2 |    1 |',
      '------------------------------------------------------------------------------------------',
    ]);
  });

  it('keeps large counts exact and widens columns', () => {
    const [, head, , row] = formatPlanTable([
      { id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 100000, e_rows: 1, a_rows: 100000, buffers: 300000, cost: 2, io_cost: 2 },
    ]);
    expect(head).toBe('| Id  | Operation        | Name | Starts | E-Rows | A-Rows | Buffers | Cost |');
    expect(row).toBe('|   0 | SELECT STATEMENT |      | 100000 |      1 | 100000 |  300000 |    2 |');
  });
});

describe('errors', () => {
  it('prints the offending line, a star under the column, ERROR at line N and the ORA message', () => {
    const s = step({
      kind: 'query', line: 7, statement: 'select *\n  from nosuch',
      error: { code: 'ORA-00942', message: 'table or view does not exist', line: 8, column: 8 },
    });
    expect(formatError(s)).toEqual([
      '  from nosuch',
      '       *',
      'ERROR at line 2:',
      'ORA-00942: table or view does not exist',
    ]);
  });

  it('counts columns from where the statement starts on its first line', () => {
    const s = step({
      line: 3, column: 5, statement: 'select x from dual',
      error: { code: 'ORA-00904', message: '"X": invalid identifier', line: 3, column: 12 },
    });
    expect(formatError(s)).toEqual(['select x from dual', '       *', 'ERROR at line 1:', 'ORA-00904: "X": invalid identifier']);
  });

  it('prints multi-line PL/SQL errors and SP2 errors as SQL*Plus does', () => {
    const pls = step({
      kind: 'plsql', statement: 'begin\n  nosuch;\nend;',
      error: { code: 'ORA-06550', message: 'line 2, column 3:\nPLS-00201: identifier \'NOSUCH\' must be declared', line: 2, column: 3 },
    });
    expect(formatError(pls)).toEqual([
      '  nosuch;',
      '  *',
      'ERROR at line 2:',
      'ORA-06550: line 2, column 3:',
      "PLS-00201: identifier 'NOSUCH' must be declared",
    ]);
    const sp2 = step({ kind: 'sqlplus', statement: 'set bogus', error: { code: 'SP2-0158', message: 'unknown SET option "bogus"', line: 1, column: 5 } });
    expect(formatError(sp2)).toEqual(['SP2-0158: unknown SET option "bogus"']);
  });

  it('falls back to ERROR: when the position is outside the statement', () => {
    const s = step({ statement: 'x', error: { code: 'LAB-00001', message: 'not supported by LIO Lab: x', line: 0, column: 0 } });
    expect(formatError(s)).toEqual(['ERROR:', 'LAB-00001: not supported by LIO Lab: x']);
  });

  it('keeps a failing statement as output with no feedback', () => {
    const s = step({
      kind: 'ddl', statement: 'create table t1 (id number)',
      error: { code: 'ORA-00955', message: 'name is already used by an existing object', line: 1, column: 14 },
    });
    expect(formatStep(s)).toEqual([
      'SQL> create table t1 (id number);',
      'create table t1 (id number)',
      '             *',
      'ERROR at line 1:',
      'ORA-00955: name is already used by an existing object',
    ]);
  });
});

describe('feedback', () => {
  it('prints the engine feedback text as it is, and nothing it did not give', () => {
    const fb = (/** @type {Record<string, unknown>} */ o) => feedbackLines(step({ statement: 'x', ...o }));
    expect(fb({ feedback: 'Table created.' })).toEqual(['Table created.']);
    expect(fb({ feedback: '100000 rows created.' })).toEqual(['100000 rows created.']);
    expect(fb({ feedback: 'Connected.' })).toEqual(['Connected.']);
    expect(fb({ statement: 'create table t1 (id number)' })).toEqual([]);
    expect(fb({ statement: 'set autotrace traceonly', kind: 'sqlplus' })).toEqual([]);
  });

  it('prints SHUTDOWN and STARTUP once when the engine gives their lines', () => {
    const down = formatStep(step({ index: 0, line: 1, column: 1, statement: 'shutdown immediate', kind: 'sqlplus', error: null, columns: [], rows: [],
      output: ['Database closed.', 'Database dismounted.', 'ORACLE instance shut down.'] }), { echo: false });
    expect(down).toEqual(['Database closed.', 'Database dismounted.', 'ORACLE instance shut down.']);
    // Output that is something else keeps its feedback line after it.
    const plsql = formatStep(step({ index: 1, line: 2, column: 1, statement: 'exec dbms_output.put_line(42)', kind: 'sqlplus', error: null, columns: [], rows: [],
      output: ['42'], feedback: 'PL/SQL procedure successfully completed.' }), { echo: false });
    expect(plsql).toEqual(['42', '', 'PL/SQL procedure successfully completed.']);
  });

  it('reads past leading comments and hints', () => {
    expect(leadingWords('-- load it\n/* fast */ INSERT /*+ append */ into t1', 2)).toEqual(['INSERT', 'INTO']);
  });
});

describe('steps', () => {
  it('echoes statements with numbered continuation lines', () => {
    expect(echoLines('select *\n  from t1\n where id = 1')).toEqual(['SQL> select *', '  2    from t1', '  3   where id = 1']);
  });

  it('echoes the `/` line that runs a PL/SQL block or a stored program, as a numbered line', () => {
    // Tom Kyte's transcripts: `  4  /` after `  3  end;`. The block's own
    // `end;` ends in a semicolon, which hid the slash before.
    expect(echoLines('begin\n  null;\nend;', 'plsql')).toEqual(['SQL> begin', '  2    null;', '  3  end;', '  4  /']);
    expect(echoLines('create or replace procedure p as\nbegin\n  null;\nend;', 'ddl').slice(-2)).toEqual(['  4  end;', '  5  /']);
    expect(echoLines('create table t (x number)', 'ddl')).toEqual(['SQL> create table t (x number);']);
    expect(echoLines('exec null', 'sqlplus')).toEqual(['SQL> exec null']);
  });

  it('prints nothing for a step run under SET TERMOUT OFF', () => {
    const s = step({ kind: 'query', statement: '/', columns: ['ID'], rows: [[1]], settings: { ...DEFAULT_SETTINGS, termout: false } });
    expect(formatStep(s)).toEqual([]);
  });

  it('prints a query with rows, then the row count from FEEDBACK 6 on (the default)', () => {
    const s = step({ kind: 'query', statement: 'select count(*) from t1', columns: ['COUNT(*)'], rows: [[3]] });
    expect(formatStep(s)).toEqual(['SQL> select count(*) from t1;', '', '  COUNT(*)', '----------', '         3']);
    const six = step({ kind: 'query', statement: 'select id from t1', columns: ['ID'], rows: [[1], [2], [3], [4], [5], [6]] });
    expect(formatStep(six, { echo: false }).slice(-2)).toEqual(['', '6 rows selected.']);
    expect(formatStep({ ...s, rows: [] }, { echo: false })).toEqual(['no rows selected']);
  });

  it('adds Execution Plan and Statistics under AUTOTRACE ON, and hides rows under TRACEONLY', () => {
    const s = step({
      kind: 'query', statement: 'select id from t1 where id = 1', autotrace: 'traceonly',
      columns: ['ID'], rows: [[1]], plan: PLAN,
      stats: { 'consistent gets': 3, 'rows processed': 1, 'recursive calls': 0 },
    });
    const out = formatStep(s, { echo: false });
    expect(out).toEqual([
      'Execution Plan',
      '----------------------------------------------------------',
      '',
      ...formatPlanTable(PLAN),
      '',
      '',
      'Statistics',
      '----------------------------------------------------------',
      '         3  consistent gets',
      '         1  rows processed',
    ]);
    const on = formatStep({ ...s, autotrace: 'on' }, { echo: false });
    expect(on.slice(0, 5)).toEqual(['        ID', '----------', '         1', '', 'Execution Plan']);
    expect(on).toContain('Execution Plan');
    expect(formatStep({ ...s, autotrace: 'off' }, { echo: false })).not.toContain('Statistics');
  });

  it('prints engine output lines, and PROMPT text when the engine gave none', () => {
    expect(formatStep(step({ kind: 'plsql', statement: 'begin dbms_output.put_line(1); end;', output: ['1'], feedback: 'PL/SQL procedure successfully completed.' }), { echo: false })).toEqual([
      '1',
      '',
      'PL/SQL procedure successfully completed.',
    ]);
    expect(formatStep(step({ kind: 'sqlplus', statement: 'prompt Loading T1' }), { echo: false })).toEqual(['Loading T1']);
    expect(formatStep(step({ kind: 'sqlplus', statement: 'prompt Loading T1', output: ['Loading T1'] }), { echo: false })).toEqual(['Loading T1']);
    expect(formatStep(step({ kind: 'sqlplus', statement: 'set autotrace on' }), { echo: false })).toEqual([]);
  });

  it('prints LAB PROFILE folded stacks when the engine gave no output', () => {
    expect(formatStep(step({ kind: 'lab', statement: 'LAB PROFILE', folded: ['a;b 2'] }), { echo: false })).toEqual(['a;b 2']);
  });
});

describe('LAB RUN', () => {
  const runs = [2.1, 1.9, 2.0, 2.5, 2.05].map((s, i) => ({
    run: i + 1,
    elapsed_us: s * 1e6,
    stats: { 'consistent gets': 300000 + i, 'memopt r lookups': 0, 'SQL*Net roundtrips to/from client': 100001 },
    waits: {},
    folded: [],
  }));

  it('drops the fastest and slowest run from the mean when there are 3 or more', () => {
    expect(trimmedMean([2.1, 1.9, 2.0, 2.5, 2.05])).toMatchObject({ kept: [0, 2, 4], dropped: [1, 3], low: 1, high: 3 });
    expect(trimmedMean([2.1, 1.9, 2.0, 2.5, 2.05]).mean).toBeCloseTo(2.05, 10);
    expect(trimmedMean([1, 3])).toEqual({ mean: 2, kept: [0, 1], dropped: [], low: -1, high: -1 });
    expect(trimmedMean([5, 5, 5])).toMatchObject({ mean: 5, kept: [2] });
    expect(trimmedMean([4])).toMatchObject({ mean: 4, dropped: [] });
  });

  it('prints the per-run table and the trimmed mean', () => {
    expect(formatRuns(runs)).toEqual([
      'Run           Elapsed (s)  consistent gets  SQL*Net roundtrips to/from client',
      '------------  -----------  ---------------  ---------------------------------',
      '1                   2.100           300000                             100001',
      '2                   1.900           300001                             100001',
      '3                   2.000           300002                             100001',
      '4                   2.500           300003                             100001',
      '5                   2.050           300004                             100001',
      '------------  -----------  ---------------  ---------------------------------',
      'Trimmed mean        2.050           300002                             100001',
      '',
      'Trimmed mean of 3 runs (dropped fastest run 2 and slowest run 4): 2.050 s',
    ]);
  });

  it('uses a plain mean for one or two runs and microsecond precision for short runs', () => {
    const out = formatRuns([{ run: 1, elapsed_us: 150, stats: { 'memopt r lookups': 1 }, waits: {}, folded: [] }]);
    expect(out).toEqual([
      'Run   Elapsed (s)  memopt r lookups',
      '----  -----------  ----------------',
      '1        0.000150                 1',
      '----  -----------  ----------------',
      'Mean     0.000150                 1',
      '',
      'Mean of 1 run: 0.000150 s',
    ]);
  });

  it('appears after the LAB RUN output in the step', () => {
    const out = formatStep(step({ kind: 'lab', statement: "LAB RUN 'select 1 from dual' RUNS 5", output: ['5 runs'], runs }), { echo: false });
    expect(out[0]).toBe('5 runs');
    expect(out[2]).toMatch(/^Run\s+Elapsed \(s\)/);
  });
});

describe('whole results', () => {
  const result = {
    lio_lab: '0.1.0',
    steps: [
      step({ index: 0, statement: 'create table t1 (id number)', folded: ['opitsk;kksumc 2'], feedback: 'Table created.' }),
      step({ index: 1, line: 2, kind: 'dml', statement: 'insert into t1 values (1)', folded: ['opitsk;kdtins 1.5', 'opitsk;kcbgcur 1'], feedback: '1 row created.' }),
      step({ index: 2, line: 3, kind: 'sqlplus', statement: 'set autotrace on' }),
    ],
  };

  it('separates steps with a blank line', () => {
    expect(formatScriptResult(result)).toBe(
      [
        'SQL> create table t1 (id number);',
        '',
        'Table created.',
        '',
        'SQL> insert into t1 values (1);',
        '',
        '1 row created.',
        '',
        'SQL> set autotrace on',
        '',
      ].join('\n'),
    );
    expect(formatScriptResult(result, { echo: false })).toBe('Table created.\n\n1 row created.\n');
  });

  it('--folded prints only folded stack lines', () => {
    expect(formatFolded(result)).toBe([
      'step 0 line 1: create table t1 (id number);opitsk;kksumc 2000',
      'step 1 line 2: insert into t1 values (1);opitsk;kdtins 1500',
      'step 1 line 2: insert into t1 values (1);opitsk;kcbgcur 1000', ''].join('\n'));
    expect(formatFolded({ lio_lab: 'x', steps: [] })).toBe('');
  });

  it('--json is one document with the steps as the engine returned them', () => {
    const text = formatJson(/** @type {any} */ ({ ...result, extra: 1 }));
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(text)).toEqual({ lio_lab: '0.1.0', steps: result.steps });
  });
});
