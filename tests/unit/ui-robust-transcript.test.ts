// Issue 28: a pasted SQL*Plus transcript (prompts, line numbers, output) back
// to the script that was typed (renderer/src/model/transcript.ts), which the
// editor offers after a paste. The transcripts below have the shape of
// published ones (whitespace as SQL*Plus prints it):
//   - AUTOTRACE statistics, askershad.blogspot.com/2010/04/understanding-execution-plan-statistics.html
//   - SET TIME ON prompts, blog.51cto.com/u_15067246/4568917 (consistent gets test)
//   - a spooled SCOTT session with a failing multi-line query (ORA-00933, "ERROR at line 2:"), as
//     class notes on GitHub keep them
//   - a custom SQLPROMPT (`DDC2> `), www.jlcomp.demon.co.uk/faq/count_rows.html: not guessed, left alone.
import { describe, expect, it } from 'vitest';
import { describeStrip, looksLikeTranscript, stripTranscript } from '../../renderer/src/model/transcript';
import { splitScript } from '../../renderer/src/model/script.mjs';

const AUTOTRACE = `SQL> set autot trace statistics
SQL> select * from tab;

107 rows selected.


Statistics
----------------------------------------------------------
          8  recursive calls
          0  db block gets
        898  consistent gets
          0  physical reads
          0  redo size
       3459  bytes sent via SQL*Net to client
        458  bytes received via SQL*Net from client
          9  SQL*Net roundtrips to/from client
          0  sorts (memory)
          0  sorts (disk)
        107  rows processed
`;

const SPOOL = `SQL> -- employees whose name does not start with a vowel
SQL> SELECT * FROM EMP
  2  WHERE ENAME NOT LIKE '%A',
  3  ENAME NOT LIKE '%E';
WHERE ENAME NOT LIKE '%A',
                         *
ERROR at line 2:
ORA-00933: SQL command not properly ended


SQL> SELECT * FROM DEPT
  2  WHERE DEPTNO = 30;

    DEPTNO DNAME          LOC
---------- -------------- -------------
        30 SALES          CHICAGO

SQL> select dno,count(ssn)
  2  from emp
  3  group by dno;

       DNO COUNT(SSN)
---------- ----------
         1          2
         2          1
         3          2
`;

const TIMED = `08:20:01 SQL> set autot trace exp stat;
08:20:16 SQL> select * from dave where object_id=10;

16 rows selected.

Elapsed: 00:00:00.01
`;

const PLSQL = `SQL> create table t1 as select rownum id from dual connect by level <= 10;

Table created.

SQL> begin
  2    dbms_stats.gather_table_stats(user, 'T1');
  3  end;
  4  /

PL/SQL procedure successfully completed.

SQL> create or replace procedure p as
  2  begin
  3    null;
  4  end;
  5  /

Procedure created.

SQL> exec p

PL/SQL procedure successfully completed.

SQL> select count(*)
  2  from t1
  3  /

  COUNT(*)
----------
        10
`;

describe('stripTranscript', () => {
  it('AUTOTRACE statistics: two commands, the statistics block is output', () => {
    const r = stripTranscript(AUTOTRACE)!;
    expect(r.script).toBe('set autot trace statistics\nselect * from tab;\n');
    expect(r).toMatchObject({ removed_prompts: 2, removed_line_numbers: 0, removed_output_lines: 14 });
    expect(describeStrip(r)).toBe('removed 2 prompts, 14 output lines');
  });

  it('a spooled session: numbered lines joined back, the error report and the rows are output', () => {
    const r = stripTranscript(SPOOL)!;
    expect(r.script).toBe([
      '-- employees whose name does not start with a vowel',
      'SELECT * FROM EMP', "WHERE ENAME NOT LIKE '%A',", "ENAME NOT LIKE '%E';",
      'SELECT * FROM DEPT', 'WHERE DEPTNO = 30;',
      'select dno,count(ssn)', 'from emp', 'group by dno;', '',
    ].join('\n'));
    expect(r).toMatchObject({ removed_prompts: 4, removed_line_numbers: 2 + 1 + 2 });
    // "WHERE ..." echo, "*", "ERROR at line 2:", ORA-00933; header, dashes, row; header, dashes, 3 rows.
    expect(r.removed_output_lines).toBe(4 + 3 + 5);
    expect(describeStrip(r)).toBe('removed 4 prompts, 5 line numbers, 12 output lines');
    // What is left splits into the three statements the user typed (the comment belongs to the first).
    expect(splitScript(r.script).map((s) => s.kind)).toEqual(['sql', 'sql', 'sql']);
  });

  it("SET TIME ON's prompts", () => {
    const r = stripTranscript(TIMED)!;
    expect(r.script).toBe('set autot trace exp stat;\nselect * from dave where object_id=10;\n');
    expect(r).toMatchObject({ removed_prompts: 2, removed_line_numbers: 0, removed_output_lines: 2 });
  });

  it('PL/SQL ends at its / line (a ; inside does not end it), exec is one line, / runs a query', () => {
    const r = stripTranscript(PLSQL)!;
    expect(r.script).toBe([
      'create table t1 as select rownum id from dual connect by level <= 10;',
      'begin', "  dbms_stats.gather_table_stats(user, 'T1');", 'end;', '/',
      'create or replace procedure p as', 'begin', '  null;', 'end;', '/',
      'exec p',
      'select count(*)', 'from t1', '/', '',
    ].join('\n'));
    expect(r).toMatchObject({ removed_prompts: 5, removed_line_numbers: 3 + 4 + 2, removed_output_lines: 1 + 1 + 1 + 1 + 3 });
    expect(splitScript(r.script).map((s) => s.kind)).toEqual(['sql', 'plsql', 'plsql', 'sqlplus', 'sql']);
  });

  it('numbers that are not the next line number are output (AUTOTRACE predicate lines, rows)', () => {
    const r = stripTranscript(`SQL> select * from t where id = 1;

Predicate Information (identified by operation id):
---------------------------------------------------

   2 - access("ID"=1)
SQL> select n
  2  from t
  4  where x = 1;
`)!;
    // "  4  where" is not line 3: the statement ended at "from t" as far as we can tell; it is output.
    expect(r.script).toBe('select * from t where id = 1;\nselect n\nfrom t\n');
    expect(r).toMatchObject({ removed_prompts: 2, removed_line_numbers: 1, removed_output_lines: 4 });
  });

  it('keeps what comes before the first prompt, and CRLF line ends', () => {
    const r = stripTranscript('-- my notes\r\nset echo on\r\nSQL> select 1\r\n  2  from dual;\r\n\r\n         1\r\n')!;
    expect(r.script).toBe('-- my notes\r\nset echo on\r\nselect 1\r\nfrom dual;\r\n');
    expect(r).toMatchObject({ removed_prompts: 1, removed_line_numbers: 1, removed_output_lines: 1 });
  });

  it('an indented transcript (a blog code block) is still a transcript', () => {
    const r = stripTranscript('          SQL> select cdb from v$database;\n          CDB\n          ---\n          YES\n')!;
    expect(r.script).toBe('select cdb from v$database;\n');
    expect(r.removed_output_lines).toBe(3);
  });

  it('no SQL> prompt: nothing to strip (a custom SQLPROMPT is not guessed; a script is left alone)', () => {
    const custom = `DDC2> EXPLAIN PLAN  SET statement_id = 'mpowel01' FOR
  2  select count(*)
  3  from   item_master
  4  /

Explained.
`;
    expect(looksLikeTranscript(custom)).toBe(false);
    expect(stripTranscript(custom)).toBeNull();
    const script = "select 'SQL> ' from dual;\n-- see the SQL> prompt\n";
    expect(looksLikeTranscript(script)).toBe(false);
    expect(stripTranscript(script)).toBeNull();
    expect(looksLikeTranscript(SPOOL)).toBe(true);
  });

  it('a blank numbered line ends a SQL statement without running it (SQLBLANKLINES OFF)', () => {
    const r = stripTranscript('SQL> select *\n  2  from t\n  3\nSQL> /\n\nno rows selected\n')!;
    expect(r.script).toBe('select *\nfrom t\n\n/\n');
    expect(r).toMatchObject({ removed_prompts: 2, removed_line_numbers: 2, removed_output_lines: 1 });
  });

  it("a SQL*Plus command continued with ' -' goes on after the '> ' prompt", () => {
    const r = stripTranscript(`SQL> exec dbms_stats.gather_table_stats( -
> user, 'T1')

PL/SQL procedure successfully completed.

SQL> select 1 from dual;
`)!;
    expect(r.script).toBe("exec dbms_stats.gather_table_stats( -\nuser, 'T1')\nselect 1 from dual;\n");
    expect(r).toMatchObject({ removed_prompts: 3, removed_line_numbers: 0, removed_output_lines: 1 });
    expect(splitScript(r.script).map((s) => s.kind)).toEqual(['sqlplus', 'sql']);
  });
});
