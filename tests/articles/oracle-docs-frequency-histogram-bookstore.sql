-- A frequency histogram turns a full scan into an index range scan:
-- Oracle's SQL Tuning Guide, "Histograms", 11.1 Purpose of Histograms
-- (Oracle Corporation; the same text in the 12.2, 19c and 21c guides):
-- https://docs.oracle.com/en/database/oracle/oracle-database/19/tgsql/histograms.html
-- Published: a book store's orders table of 300,000 rows ships 95% of its
-- books to California, 4% to Oregon and 1% to Nevada. Without a histogram
-- the optimizer assumes an even spread, 300000/3 = 100,000 rows for
-- Oregon, and chooses a full table scan; with a histogram it calculates
-- that 4% of the books go to Oregon (12,000 rows) and chooses an index
-- scan. The guide's 11.2 adds how SIZE AUTO decides: DBMS_STATS gathers,
-- a query uses the column (SYS.COL_USAGE$ notes it), DBMS_STATS gathers
-- again and builds the histogram.
-- The guide gives no script; this one loads the orders a state at a time
-- (so one state's rows are together and the index is cheap for a small
-- state) and follows the guide's steps with the default METHOD_OPT (FOR
-- ALL COLUMNS SIZE AUTO). The lab (worked in
-- engine-wasm/core/tests/histograms.rs):
--   first gather: no column usage yet, no histogram; ship_state = 'OR'
--   is 1/3 of 300,000 = 100,000 rows, TABLE ACCESS FULL;
--   second gather: SHIP_STATE used and skewed (3 values, not equally
--   often): FREQUENCY, 3 buckets, endpoints CA 285000, NV 288000, OR
--   300000; 'OR' is (300000 - 288000)/300000 = 4%: 12,000 rows, INDEX
--   RANGE SCAN; 'CA' 285,000 rows, TABLE ACCESS FULL.
create table book_orders (order_id number, ship_state varchar2(2), amount number);
insert into book_orders
select level,
       case when level <= 285000 then 'CA' when level <= 297000 then 'OR' else 'NV' end,
       mod(level, 1000)
from dual connect by level <= 300000;
commit;
create index book_orders_state on book_orders (ship_state);
exec dbms_stats.gather_table_stats(user, 'BOOK_ORDERS', no_invalidate => false)
select column_name, num_distinct, num_buckets, histogram
from user_tab_col_statistics where table_name = 'BOOK_ORDERS' order by column_name;
set autotrace traceonly explain
select * from book_orders where ship_state = 'OR';
set autotrace off
exec dbms_stats.gather_table_stats(user, 'BOOK_ORDERS', no_invalidate => false)
select column_name, num_distinct, density, num_buckets, histogram
from user_tab_col_statistics where table_name = 'BOOK_ORDERS' order by column_name;
select endpoint_number, endpoint_value, endpoint_actual_value
from user_tab_histograms where table_name = 'BOOK_ORDERS' and column_name = 'SHIP_STATE'
order by endpoint_number;
set autotrace traceonly explain
select * from book_orders where ship_state = 'OR';
select * from book_orders where ship_state = 'CA';
set autotrace off
