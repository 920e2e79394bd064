// tkprof of the lab's extended SQL traces (electron/tkprof.mjs).
// The trace below is the engine's own (core/tests/sql_trace.rs's case: a
// 1-row table read by its primary key at level 12, then a commit). The
// report's layout is checked against published tkprof output:
//   https://redsalt.blogspot.com/2012/06/sample-tkprof-output.html
//   https://www.oreilly.com/library/view/oracle-in-a/0596003366/ch17s03s04.html
import { describe, expect, it } from 'vitest';
import { parseSort, parseTrace, tkprof, traceFiles } from '../../electron/tkprof.mjs';

const TRACE = `Trace file /u01/app/oracle/diag/rdbms/liolab/LIOLAB/trace/LIOLAB_ora_1010.trc
Oracle Database 18c Enterprise Edition Release 18.0.0.0.0 - Production
Instance name: LIOLAB
Unix process pid: 1010, image: oracle@liolab

*** SESSION ID:(10.1)
=====================
PARSING IN CURSOR #1 len=29 dep=0 uid=100 oct=3 lid=100 tim=2033 hv=1384679496 ad='304444240' sqlid='fuumsr598j228'
select v from t1 where id = 1
END OF STMT
WAIT #1: nam='db file sequential read' ela= 100 file#=7 block#=296 blocks=1 obj#=7 tim=2149
WAIT #1: nam='db file sequential read' ela= 100 file#=7 block#=220 blocks=1 obj#=7 tim=2252
PARSE #1:c=473,e=673,p=2,cr=23,cu=0,mis=1,r=0,dep=0,og=1,plh=3657737671,tim=2706
EXEC #1:c=15,e=15,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=3657737671,tim=2721
WAIT #1: nam='SQL*Net message to client' ela= 1 driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=2779
FETCH #1:c=24,e=24,p=0,cr=2,cu=0,mis=0,r=1,dep=0,og=1,plh=3657737671,tim=2779
WAIT #1: nam='SQL*Net message from client' ela= 35 driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=2779
WAIT #1: nam='SQL*Net message to client' ela= 1 driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=2824
FETCH #1:c=10,e=10,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=3657737671,tim=2824
WAIT #1: nam='SQL*Net message from client' ela= 35 driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=2824
STAT #1 id=1 cnt=1 pid=0 pos=1 obj=0 op='TABLE ACCESS BY INDEX ROWID T1 (cr=2 pr=0 pw=0 time=0 us cost=2 size=7 card=1)'
STAT #1 id=2 cnt=1 pid=1 pos=1 obj=0 op='INDEX UNIQUE SCAN SYS_C0010000 (cr=1 pr=0 pw=0 time=0 us cost=1 size=0 card=1)'
CLOSE #1:c=0,e=0,dep=0,type=1,tim=2824
=====================
PARSING IN CURSOR #2 len=6 dep=0 uid=100 oct=44 lid=100 tim=2865 hv=3480936638 ad='6ebd705f0' sqlid='23wm3kz7rps5y'
commit
END OF STMT
PARSE #2:c=0,e=0,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=2865
XCTEND rlbk=0, rd_only=1, tim=2865
WAIT #2: nam='SQL*Net message to client' ela= 1 driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=2865
EXEC #2:c=6,e=6,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=2865
WAIT #2: nam='SQL*Net message from client' ela= 35 driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=2865
`;

// Published tkprof output (the call table and row source header lines).
const PUBLISHED = [
  'call     count       cpu    elapsed       disk      query    current        rows',
  '------- ------  -------- ---------- ---------- ---------- ----------  ----------',
  'Parse        1      0.00       0.00          0          0          0           0',
  'Rows (1st) Rows (avg) Rows (max)  Row Source Operation',
  '---------- ---------- ----------  ---------------------------------------------------',
  'Elapsed times include waiting on following events:',
  '  Event waited on                             Times   Max. Wait  Total Waited',
  '  ----------------------------------------   Waited  ----------  ------------',
];

describe('tkprof', () => {
  const report = tkprof(TRACE, { traceName: 'LIOLAB_ora_1010.trc' });
  const lines = report.split('\n');

  it('sums each statement\'s calls into Parse, Execute, Fetch and total rows', () => {
    const at = lines.indexOf('select v from t1 where id = 1');
    expect(lines[at - 2]).toBe('SQL ID: fuumsr598j228 Plan Hash: 3657737671');
    const table = lines.slice(at + 3, at + 9);
    expect(table[2]).toBe('Parse        1      0.00       0.00          2         23          0           0');
    expect(table[3]).toBe('Execute      1      0.00       0.00          0          0          0           0');
    expect(table[4]).toBe('Fetch        2      0.00       0.00          0          2          0           1');
    // total query = the step's consistent gets (23 + 2), its rows 1.
    expect(lines[at + 9]).toBe('total        4      0.00       0.00          2         25          0           1');
    expect(lines).toContain('Misses in library cache during parse: 1');
    expect(lines).toContain('Optimizer mode: ALL_ROWS');
    // Two spaces after the id, as published (`Parsing user id: 631  `: no username resolved).
    expect(lines).toContain('Parsing user id: 100  ');
  });

  it('lays out the tables as published tkprof output does', () => {
    for (const l of PUBLISHED.filter((p) => !p.startsWith('Parse'))) expect(lines).toContain(l);
    // A figure row ends where its column's header ends.
    const row = lines.find((l) => l.startsWith('Parse '));
    expect(row?.length).toBe(PUBLISHED[2].length);
    const header = PUBLISHED[0];
    for (const col of ['count', 'cpu', 'elapsed', 'disk', 'query', 'current', 'rows']) {
      const end = header.indexOf(col) + col.length;
      expect(row?.[end - 1]).toMatch(/[0-9]/);
      expect(PUBLISHED[2][end - 1]).toMatch(/[0-9]/);
    }
  });

  it('lists the row source operations, indented by depth, and the waits', () => {
    expect(lines).toContain('         1          1          1  TABLE ACCESS BY INDEX ROWID T1 (cr=2 pr=0 pw=0 time=0 us cost=2 size=7 card=1)');
    expect(lines).toContain('         1          1          1   INDEX UNIQUE SCAN SYS_C0010000 (cr=1 pr=0 pw=0 time=0 us cost=1 size=0 card=1)');
    expect(lines).toContain(`  ${'db file sequential read'.padEnd(40)}        2        0.00          0.00`);
    expect(lines).toContain(`  ${'SQL*Net message from client'.padEnd(40)}        2        0.00          0.00`);
  });

  it('ends with the overall totals', () => {
    const at = lines.indexOf('OVERALL TOTALS FOR ALL NON-RECURSIVE STATEMENTS');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 8]).toBe('total        6      0.00       0.00          2         25          0           1');
    expect(lines).toContain('OVERALL TOTALS FOR ALL RECURSIVE STATEMENTS');
    expect(lines).toContain('    2  user  SQL statements in session.');
  });

  it('sorts by tkprof\'s options, and refuses unknown ones', () => {
    const sorted = tkprof(TRACE, { sort: parseSort('exeela,fchqry') }).split('\n');
    expect(sorted.indexOf('select v from t1 where id = 1')).toBeLessThan(sorted.indexOf('commit'));
    const byExec = tkprof(TRACE, { sort: ['execnt', 'exeela'] }).split('\n');
    // Both executed once; commit's execute is shorter: the query first.
    expect(byExec.indexOf('select v from t1 where id = 1')).toBeLessThan(byExec.indexOf('commit'));
    expect(() => parseSort('nosuch')).toThrow('invalid sort option nosuch');
  });

  it('parses statements and keeps a dump-size line', () => {
    const t = parseTrace(`${TRACE}*** DUMP FILE SIZE IS LIMITED TO 1024 BYTES ***\n`);
    expect(t.statements.map((s) => s.text)).toEqual(['select v from t1 where id = 1', 'commit']);
    expect(t.truncated).toBe('*** DUMP FILE SIZE IS LIMITED TO 1024 BYTES ***');
  });

  it('splits a run\'s steps into their trace files', () => {
    const steps = [{}, { sql_trace: TRACE.split('\n').slice(0, 10) }, { sql_trace: TRACE.split('\n').slice(10) }];
    const files = traceFiles(steps);
    expect([...files.keys()]).toEqual(['LIOLAB_ora_1010.trc']);
    expect(files.get('LIOLAB_ora_1010.trc')?.join('\n')).toBe(TRACE);
  });
});
