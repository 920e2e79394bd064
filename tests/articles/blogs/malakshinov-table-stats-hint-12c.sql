-- Source: https://orasql.org/tag/12c ("Adaptive serial direct path read
-- decision ignores object statistics since 12.1", 19 Nov 2017)
-- Author: Sayan Malakshinov (orasql.org)
-- Release: 11.2.0.4 and 12.1.0.2 (compared in the post)
-- The post's table_stats2.sql, without the blog's [sourcecode] markers;
-- the quotes are the plain ones of the script (the page renders them
-- typographically). The post compares trace files: no figure of the
-- stored copy is a statement's, so none is compared; the script is run
-- for its refusals.

drop table t1;

create table t1 as select * from dual;
----------------------------
pro ######################################;
exec dbms_stats.gather_table_stats('','T1');
exec dbms_stats.set_table_stats(user,'T1',numblks => 33333333);

col value new_val oldval noprint;
select value from v$statname n, v$mystat s
where n.statistic#=s.statistic# and n.name ='physical reads direct';

----------------------------
alter session set tracefile_identifier='table_stats2';
--alter session set events '10053 trace name context forever, level 1';
alter session set events 'trace[nsmtio] disk highest';
select/*+ table_stats(t1, scale, blocks=66666666 rows=2222222222)
table_stats(t1, scale, blocks=99999999 rows=4444444444)
*/
*
from t1;
select value-&oldval directreads, value from v$statname n, v$mystat s
where n.statistic#=s.statistic# and n.name ='physical reads direct';
