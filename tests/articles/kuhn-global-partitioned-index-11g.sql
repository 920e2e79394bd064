-- A globally partitioned index must end at MAXVALUE: Darl Kuhn, Sam
-- Alapati and Bill Padfield, "Expert Indexing in Oracle Database 11g"
-- (Apress, 2012), chapter 6, "Creating a Globally Partitioned Index",
-- p. 122, http://what-when-how.com/Tutorial/topic-1257ph3qcbi/Expert-Indexing-in-Oracle-Database-11g-122.html
-- (Oracle 11g, the HR schema's EMPLOYEES).
-- Published:
--   CREATE INDEX employees_gi2 ON employees (manager_id) GLOBAL partition
--   by range(manager_id) (partition manager_100 values less than (100),
--   ... partition manager_900 values less than (900), partition
--   manager_max values less than (maxvalue)): "Index created."
--   The same index without the MAXVALUE partition: "ORA-14021: MAXVALUE
--   must be specified for all columns".
--   "You can create a globally partitioned index on a partitioned table
--   or a non-partitioned table."
-- The lab (engine-wasm/core/tests/partition_indexes.rs): the index made
-- on a non-partitioned stand-in for HR's EMPLOYEES (107 rows, manager ids
-- 100 to 205), ten partitions in USER_IND_PARTITIONS, the rows in the
-- partitions their manager ids route to; the second index ORA-14021; a
-- query on a manager id reads one index partition (PARTITION RANGE SINGLE
-- above the INDEX RANGE SCAN; the table, not partitioned, BY INDEX ROWID).
create table employees (employee_id number not null, last_name varchar2(25), manager_id number);
insert into employees select 99 + rownum, 'Name' || rownum, case when rownum = 1 then null else 100 + mod(rownum * 7, 106) end from dual connect by level <= 107;
commit;
CREATE INDEX employees_gi1
ON employees (manager_id)
GLOBAL
partition by range(manager_id)
(partition manager_100 values less than (100),
partition manager_200 values less than (200),
partition manager_300 values less than (300),
partition manager_400 values less than (400),
partition manager_500 values less than (500),
partition manager_600 values less than (600),
partition manager_700 values less than (700),
partition manager_800 values less than (800),
partition manager_900 values less than (900),
partition manager_max values less than (maxvalue));
CREATE INDEX employees_gi2
ON employees (manager_id)
GLOBAL
partition by range(manager_id)
(partition manager_100 values less than (100),
partition manager_200 values less than (200),
partition manager_300 values less than (300),
partition manager_400 values less than (400),
partition manager_500 values less than (500),
partition manager_600 values less than (600),
partition manager_700 values less than (700),
partition manager_800 values less than (800),
partition manager_900 values less than (900));
select partition_name, num_rows from user_ind_partitions where index_name = 'EMPLOYEES_GI1' order by partition_position;
select locality, alignment, partition_count from user_part_indexes where index_name = 'EMPLOYEES_GI1';
set autotrace traceonly explain
select /*+ index(employees employees_gi1) */ last_name from employees where manager_id = 120;
