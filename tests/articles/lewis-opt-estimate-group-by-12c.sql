-- GROUP BY's E-Rows from the key column's NUM_DISTINCT: Jonathan Lewis,
-- "opt_estimate 3" (Oracle Scratchpad, June 2019; tested 12.2, 18.3,
-- 19.2), https://jonathanlewis.wordpress.com/2019/06/28/opt_estimate-3/
-- T1: 3,000 rows, N1 = mod(rownum,200) (200 distinct values, 15 rows
-- each). Published, for `select mod(n1,10), count(*) ... group by
-- mod(n1,10)` (10 rows come back):
--   | 1 |  HASH GROUP BY      |      |   200 |   800 |
--   | 2 |   TABLE ACCESS FULL | T1   |  3000 | 12000 |
-- "the optimizer's default position is to use num_distinct from the
-- underlying column as the estimate for the aggregate".
-- The lab (engine-wasm/core/tests/group_rows.rs), worked by hand: the
-- key reads one column, N1, NUM_DISTINCT 200; 200 groups (capped by the
-- 3,000 rows grouped); Bytes 200 x 4 (N1's AVG_COL_LEN, the one column
-- read) = 800 and 3,000 x 4 = 12,000, as published. Costs differ (the
-- lab 16 and 17 against 9 and 10): the page does not give the table's
-- blocks, and its test is of the estimate.
-- Changes to the script: the page queries T2, a typo for the T1 it
-- creates; the statistics are gathered (lab) as 12c's CTAS does online;
-- the stray `)` after padding is left out.
create table t1
as
select
        rownum                  id,
        mod(rownum,200)         n1,
        lpad(rownum,10,'0')     v1,
        rpad('x',100)           padding
from
        dual
connect by
        level <= 3000
;
-- (lab)
exec dbms_stats.gather_table_stats(user, 'T1')
set autotrace on explain
select  /*+
                qb_name(main)
        */
        mod(n1,10), count(*)
from    t1
group by
        mod(n1,10)
;
set autotrace off
