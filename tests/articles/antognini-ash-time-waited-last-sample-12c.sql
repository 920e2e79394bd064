-- Active Session History: a wait that spans several samples.
-- Source: Christian Antognini, "Troubleshooting Oracle Performance", 2nd
-- edition (Apress, 2014), chapter 4, "Active Session History", Oracle
-- Database 12.1; the passage as published at
-- http://what-when-how.com/Tutorial/topic-1477vp78jho/Troubleshooting-Oracle-Performance-124.html
-- Published: "In case one wait event occurrence spans two or more samples,
-- the actual time spent waiting is provided by the last sample and, for all
-- other samples, time_waited is set to 0", shown by
--   SELECT sample_time, event, time_waited FROM v$active_session_history
--   WHERE session_id = 137 ORDER BY sample_time;
-- for "a session that waited for about 7.4 seconds for a lock": one row a
-- second (MMNL's 1 s interval), TIME_WAITED 0 on each but the last, and
-- about 7,400,000 (microseconds) on the last.
-- In the lab the 7.4-second waits are single-block reads from a datafile
-- whose reads take 7.4 s (the lab models no row-lock enqueue): the full
-- scan reads the segment header, then the block, each a 7.4 s wait whose samples
-- are one a second, on the plan line that read, TIME_WAITED 0 but on the
-- last, which has the wait's 7,400,000 us.
LAB VERSION 18.0.0;
create table t (id number not null, pad varchar2(100));
insert into t values (1, 'x');
commit;
alter system flush buffer_cache;
LAB SET physical_read_us = 7400000;
select pad from t where id = 1;
-- Which instants a wait covers depends on where the clock stood (7 or 8
-- of them for 7.4 s): the figures below do not.
select event, sql_plan_line_id, sql_plan_operation, sql_plan_options,
       count(case when time_waited > 0 then 1 end) waits,
       max(time_waited) longest_us, sum(time_waited) total_us,
       count(case when time_waited = 0 then 1 end) samples_at_0
  from v$active_session_history where session_state = 'WAITING'
  group by event, sql_plan_line_id, sql_plan_operation, sql_plan_options;
