-- spotonoracle, "Go play fetch" (SQL*Plus and OCI prefetch),
-- https://www.spotonoracle.com/?p=303 (2017; the oraaccess.xml it uses
-- exists from 12.1: the lab's default release, 19c, stands for it, the
-- lab having no 12.1 profile).
--
-- SQL*Plus with ARRAYSIZE 1 fetching 100 rows; AUTOTRACE TRACEONLY
-- STATISTICS as published:
--
--   102  consistent gets
--   258194  bytes sent via SQL*Net to client
--   1091  bytes received via SQL*Net from client
--   51  SQL*Net roundtrips to/from client
--   100  rows processed
--
-- "We only did 51 network round trips to fetch 100 rows. This is because
-- SQL*Plus is using OCI and the default for prefetch
-- (OCI_ATTR_PREFETCH_ROWS) is set to 1. So we end up with 2 rows per fetch
-- call (note that with prefetch 1, the first round trip already returns 1
-- row)." With prefetch 0 in oraaccess.xml the same query took 102 round
-- trips. Worked by hand: the execute's round trip brings row 1; each later
-- round trip brings 2 (the row SQL*Plus asked for and the prefetched
-- one): rows 2-99 in 49 round trips, row 100 and the end of the fetch in
-- the 50th: 1 + 50 = 51.
--
-- Changes to the printed text: the post does not show user1.cf1; its
-- 258,194 bytes for 100 rows say about 2.5 KB a row, so the script makes a
-- table of 100 rows of a 2,500-byte column (its consistent gets are the
-- lab's for that shape, not the post's table: not compared); at the end
-- AUTOTRACE off, ARRAYSIZE back to 15 and the table dropped.
--
-- What the lab gives and why (engine-wasm/core/tests/sqlplus_prefetch.rs):
-- 51 round trips, 100 rows, exact (session/types.rs, oci_fetch_rows).

create table cf1 (id number, pad varchar2(2500));

insert into cf1 select level, rpad('x', 2500, 'x') from dual connect by level <= 200;

commit;

set autotrace traceonly statistics
set arraysize 1
select * from cf1 where rownum <= 100;

set autotrace off
set arraysize 15
drop table cf1;
