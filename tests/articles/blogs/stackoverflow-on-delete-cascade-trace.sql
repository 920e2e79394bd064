-- Source: https://newbe.dev/oracle-cascade-delete (a copy of the Stack
-- Overflow answer to "Oracle cascade delete"; also at
-- https://sql.tutorialink.com/oracle-cascade-delete)
-- Author: Stack Overflow answer (unsigned in the stored copies)
-- Release: not stated (the trace's tim= values date it to December 2010:
-- 10gR2 or 11gR2)
-- Published figures: "What cascade delete does is issue individual delete
-- statements": the trace of `delete from parent` holds `delete from
-- "<SCHEMA>"."CHILD" where "PARENT_ID" = :1` at dep=1, executed once per
-- parent row with cr=2 (CHILD_PK, which leads on PARENT_ID, two levels
-- deep), cu=30 to 32 and r=10. The lab has no per-execution figure of a
-- recursive statement; engine-wasm/core/tests/check_constraints.rs
-- (cascade_reads_indexed_and_not) asserts the two consistent gets per
-- parent row of a two-level index.
-- Pasted as published but for one typo: the published CREATE TABLE child
-- has a stray semicolon after ON DELETE CASCADE, before the closing
-- parenthesis, which SQL*Plus would take as the statement's end.
-- FIGURE error @ alter table child add constraint = "none"
-- FIGURE error @ delete from parent = "none"

create table parent
 (parent_id number,
  parent_name varchar2(30),
  constraint parent_pk primary key (parent_id) using index);

create table child
 (child_id   number,
  parent_id  number,
  child_name varchar2(30),
  constraint child_pk primary key (parent_id, child_id) using index,
  constraint child_fk01 foreign key (parent_id)
    references parent (parent_id)
      on delete cascade
 );


insert into parent
 (parent_id, parent_name)
select object_id, object_name from dba_objects where rownum <= 10000;

begin
  for i in 1..10
  loop
    insert into child
      (child_id, parent_id, child_name)
    select i, parent_id, parent_name
      from parent;
  end loop;
end;
/

exec dbms_stats.gather_table_stats (tabname => 'PARENT', cascade => true);
exec dbms_stats.gather_table_stats (tabname => 'CHILD', cascade => true);

exec dbms_monitor.session_trace_enable;
alter table child drop constraint child_fk01;
alter table child add constraint child_fk01 foreign key (parent_id)
  references parent (parent_id) on delete cascade enable novalidate ;
delete from parent;
rollback;
