-- "Deferred Segment Creation", Oracle Distilled (oracledistilled.com),
-- https://oracledistilled.com/oracle-database/administration/deferred-segment-creation/
-- Release: 11gR2 (the page: "Starting with Oracle Database 11gR2 ...";
-- the patch level is not printed), a locally managed tablespace.
--
-- A table with a primary key and a unique index created after it: before
-- any row, SEGMENT_CREATED is NO for the table (USER_TABLES) and for both
-- indexes (USER_INDEXES), and USER_SEGMENTS has no rows for them. The
-- page's figures:
--
--   USER_TABLES    EMPLOYEE      NO
--   USER_INDEXES   EMP_SSN_IDX   NO
--                  EMP_PK        NO
--   USER_SEGMENTS  no rows selected
--
-- The page goes on to the first INSERT ("Notice the phrase 'attempt to
-- add'"), which creates the segments; added here: an INSERT rolled back
-- keeps them (Kyte's 12.1 example shows the same), and SEGMENT_CREATED
-- turns YES for the table and both indexes.
--
-- What the lab gives and why (engine-wasm/core/tests/segment_created.rs):
-- the page's rows, exact (the index rows ordered by name here; the page
-- lists them unordered). Before 11.2 the column does not exist (ORA-00904)
-- and CREATE TABLE creates the segments.

LAB VERSION 11.2.0.1;

create table employee (
   empid      number(6),
   fname      varchar2(20),
   lname      varchar2(20),
   ssn        varchar2(9),
   hire_date  date,
   jobid      number(6),
   constraint emp_pk primary key(empid)
   );

create unique index emp_ssn_idx on employee(ssn);

select segment_created from user_tables where table_name = 'EMPLOYEE';

select index_name, segment_created from user_indexes where table_name = 'EMPLOYEE' order by index_name;

select bytes, blocks, extents from user_segments where segment_name in ('EMPLOYEE', 'EMP_SSN', 'EMP_PK');

insert into employee values (1, 'Ann', 'Lee', '123456789', date '2010-01-04', 7);
rollback;

select segment_created from user_tables where table_name = 'EMPLOYEE';

select index_name, segment_created from user_indexes where table_name = 'EMPLOYEE' order by index_name;

select segment_name, blocks, extents from user_segments where segment_name in ('EMPLOYEE', 'EMP_SSN_IDX', 'EMP_PK') order by segment_name;
