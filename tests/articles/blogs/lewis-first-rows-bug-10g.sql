-- Source: http://jonathanlewis.wordpress.com/2011/03/02/first_rows/
-- Author: Jonathan Lewis ("First_Rows", Oracle Scratchpad, 2 Mar 2011;
-- script first_rows_bug_2.sql, dated Jan 2011)
-- Release: last tested 10.2.0.3 ("locally managed tablespaces with 1MB
-- uniform extents, freelist management, and CPU costing disabled")
-- The set-up as the post prints it (the stored copy of the page ends
-- after the indexes; the query and its plans are not in it, so no figure
-- is compared here: the script is run for its refusals).

rem
rem     Script:         first_rows_bug_2.sql
rem     Author:         Jonathan Lewis
rem     Dated:          Jan 2011
rem     Purpose:        
rem
rem     Last tested 
rem             10.2.0.3
rem

create table t1
as
with generator as (
        select  --+ materialize
                rownum id
        from dual
        connect by
                rownum <= 10000
)
select
        to_char(
                to_date('01-Jan-2011','dd-mon-yyyy') +
                        trunc((rownum-1)/317),
                'yyyymmdd'
        )                       a,
        mod(rownum,317) + 1     b,
        lpad(rownum,10,'0')     small_vc,
        rpad('x',100)           padding
from
        generator       v1,
        generator       v2
where
        rownum <= 100000
;

alter table t1 add constraint t1_pk primary key(a,b);
create index t1_ba on t1(b,a);
