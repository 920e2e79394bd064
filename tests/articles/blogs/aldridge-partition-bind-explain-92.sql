-- Source: http://www.oraclesponge.com/docs/partitions_and_bind_variables_92.txt
-- Author: David Aldridge (The Oracle Sponge, spool of 28 Oct 2006)
-- Release: Oracle9i 9.2.0.4 (SQL*Plus 10.2.0.2)
-- The statements of the spool as far as the stored copy shows them,
-- without the prompts, line numbers and output.
-- Published figures: 100000 rows created; the EXPLAIN PLAN of the query
-- with the bind :l_col1 shows SORT AGGREGATE over PARTITION RANGE SINGLE
-- (Pstart/Pstop KEY) over TABLE ACCESS FULL TEST_PAR, Rows 25000,
-- Bytes 75000, Cost 11.
--
-- FIGURE rows @ insert /*+ append */ into test_par = 100000
-- FIGURE contains @ select * from table (dbms_xplan.display) = "PARTITION RANGE SINGLE"

drop table test_par
/

create table test_par
(
col1 number not null,
col2 number not null
)
nologging compress pctfree 0
partition by range (col1)
(partition p1_to_4 values less than (5),
partition p5 values less than (6)
)
/

insert /*+ append */ into test_par
select mod(rownum,4)+1,rownum
from dual
connect by level <= 100000
/

create bitmap index idx02_test_par
on test_par (col2)
local nologging
/

begin
DBMS_STATS.GATHER_TABLE_STATS (
ownname => user,
tabname => 'test_par',
partname => null,
estimate_percent => 100,
block_sample => false,
method_opt => 'for all columns size 1',
degree => null,
granularity => 'ALL',
cascade => true,
stattab => NULL,
statid => NULL,
statown => NULL,
no_invalidate => FALSE);
end;
/

set linesize 500 pagesize 0

variable l_col1 number

define l_col1 = 5
truncate table plan_table
/
explain plan for
select count(*) from test_par
where col1 = :l_col1
/

select * from table (dbms_xplan.display)
/
