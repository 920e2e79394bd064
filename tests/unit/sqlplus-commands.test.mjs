// Issue 28, "Right or refused": SQL*Plus settings and commands that were
// accepted and then did nothing now change the text as SQL*Plus does.
// Each script runs through the real engine (wasm from disk) and the CLI's
// formatter (renderer/src/reports/sqlplus.mjs).
// SQL*Plus User's Guide, SET / COLUMN / DEFINE / SHOW:
// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';
import { formatNumber, formatNumberMask, formatScriptResult } from '../../renderer/src/reports/sqlplus.mjs';

/** @param {string} script */
async function text(script) {
  const engine = await loadEngine(undefined, { trace: false });
  return formatScriptResult(engine.exec(script));
}

const T = `create table t (a number, b varchar2(8), c number);
insert into t values (1, 'x', null);
insert into t values (22, null, 3);
set feedback off
`;
/** The output after the setup steps of T. @param {string} out */
const tail = (out) => out.slice(out.indexOf('SQL> set feedback off'));

describe('SP2 errors print alone', () => {
  it('prints the SP2 line without ERROR at line / LAB-00002, and no blank line after it', async () => {
    const out = await text('set foo on\nselect 1 from dual;');
    expect(out).toBe(['SQL> set foo on', 'SP2-0158: unknown SET option "foo"', 'SQL> select 1 from dual;', '', '         1', '----------', '         1', ''].join('\n'));
  });
});

describe('SET HEADING, COLSEP, NULL, UNDERLINE, NUMFORMAT', () => {
  it('SET HEADING OFF prints the rows alone', async () => {
    const out = tail(await text(T + 'set heading off\nselect a, b from t;'));
    expect(out).toBe(['SQL> set feedback off', 'SQL> set heading off', 'SQL> select a, b from t;', '', '         1 x', '        22', ''].join('\n'));
  });

  it('SET COLSEP and SET NULL', async () => {
    const out = tail(await text(T + "set colsep |\nset null '[null]'\nselect a, b, c from t;"));
    expect(out.split('\n').slice(5)).toEqual([
      '         A|B       |         C',
      '----------|--------|----------',
      '         1|x       |    [null]',
      '        22|[null]  |         3',
      '',
    ]);
  });

  it('SET UNDERLINE and SET NUMFORMAT', async () => {
    const out = tail(await text(T + 'set underline =\nset numformat 990.99\nselect a from t;'));
    expect(out.split('\n').slice(5)).toEqual(['      A', '=======', '   1.00', '  22.00', '']);
  });
});

describe('COLUMN HEADING, FORMAT, NOPRINT', () => {
  it('applies them, and COLUMN ... CLEAR undoes them', async () => {
    const out = tail(
      await text(T + "column b noprint\ncolumn a heading 'Alpha|Num' format 999,999\nselect a, b, c from t;\ncolumn a clear\ncolumn b print\nselect a, b from t;"),
    );
    expect(out.split('\n').slice(5, 12)).toEqual(['   Alpha          C', '     Num', '-------- ----------', '       1', '      22          3', '', 'SQL> column a clear']);
    expect(out).toContain(['         A B', '---------- --------', '         1 x'].join('\n'));
  });

  it('formats numbers as TO_CHAR does', () => {
    expect(formatNumberMask(1234.5, '9,999.99')).toBe(' 1,234.50');
    expect(formatNumberMask(1234567, '999,999')).toBe('########');
    expect(formatNumberMask(-5, '999MI')).toBe('  5-');
    expect(formatNumberMask(5, 'S999')).toBe('  +5');
    expect(formatNumberMask(0, 'B999')).toBe('    ');
    expect(formatNumberMask(0.5, '990.99')).toBe('   0.50');
    expect(formatNumberMask(7, '$99')).toBe('  $7');
  });
});

describe('DEFINE and substitution variables', () => {
  it('prints old/new lines under VERIFY ON, and the error line as it ran', async () => {
    const out = await text('define x = 5\nselect &x from dual;\nset verify off\nselect &x from nosuch;');
    expect(out).toBe(
      [
        'SQL> define x = 5',
        'SQL> select &x from dual;',
        'old   1: select &x from dual',
        'new   1: select 5 from dual',
        '',
        '         5',
        '----------',
        '         5',
        '',
        'SQL> set verify off',
        'SQL> select &x from nosuch;',
        'select 5 from nosuch',
        '              *',
        'ERROR at line 1:',
        'ORA-00942: table or view does not exist',
        '',
      ].join('\n'),
    );
  });
});

describe('SET PAGESIZE', () => {
  it('repeats the headings on each page of 14 lines (1 blank, heading, underline, 11 rows)', async () => {
    const out = await text('set feedback off\nselect level n from dual connect by level <= 13;');
    const lines = out.split('\n');
    const head = lines.indexOf('         N');
    expect(lines.slice(head, head + 3)).toEqual(['         N', '----------', '         1']);
    expect(lines.slice(head + 12, head + 18)).toEqual(['        11', '', '         N', '----------', '        12', '        13']);
  });

  it('a record wider than LINESIZE goes on over the next line, headings too', async () => {
    const out = await text('set linesize 30\nselect 1 a, 2 b, 3 c from dual;');
    expect(out.split('\n').slice(3, 9)).toEqual(['         A          B', '---------- ----------', '         C', '----------', '         1          2', '         3']);
  });

  it('PAGESIZE 0 prints no headings and no blank line', async () => {
    const out = await text('set feedback off\nset pagesize 0\nselect 1 from dual;');
    expect(out).toBe(['SQL> set feedback off', 'SQL> set pagesize 0', 'SQL> select 1 from dual;', '         1', ''].join('\n'));
  });
});

describe('small numbers, SHOW PARAMETER, EXIT', () => {
  it('prints a NUMBER that rounds to 0 in NUMWIDTH 10 in E notation', () => {
    expect(formatNumber(1e-20)).toBe('1.0000E-20');
    expect(formatNumber(1.2e-10)).toBe('1.2000E-10');
  });

  it('SHOW PARAMETER prints the NAME / TYPE / VALUE table', async () => {
    const out = await text('show parameter db_block_size');
    expect(out).toBe(
      [
        'SQL> show parameter db_block_size',
        '',
        'NAME                                 TYPE        VALUE',
        '------------------------------------ ----------- ------------------------------',
        'db_block_size                        integer     8192',
        '',
      ].join('\n'),
    );
  });

  it('stops the script at EXIT and at an error under WHENEVER SQLERROR EXIT', async () => {
    expect(await text('exit\nselect 1 from dual;')).toBe('SQL> exit\n');
    const out = await text('whenever sqlerror exit sql.sqlcode\nselect * from nosuch;\nselect 1 from dual;');
    expect(out).toContain('ORA-00942');
    expect(out).not.toContain('select 1 from dual');
  });
});
