-- A table made a partition by EXCHANGE PARTITION ... WITHOUT VALIDATION:
-- Advait Deo, "Exchange Partition in Oracle", 2011-03-30,
-- https://avdeo.com/2011/03/30/ (Oracle 11g: DBA_OBJECTS' 15 columns).
-- Published:
--   create table t as select * from dba_objects; create index t_idx on
--   t(owner, object_name); gather stats; select count(1) from t: 14966.
--   create table pt (the same 15 columns) partition by range (CREATED)
--   (PARTITION PT_2011 VALUES less than (MAXVALUE)); count(1) from pt: 0.
--   alter table pt exchange partition PT_2011 with table T without
--   validation: "Table altered."; count(1) from pt: 14966.
-- The lab (engine-wasm/core/tests/partition_maint.rs): a stand-in for
-- DBA_OBJECTS' 14966 rows (the lab has no such view to copy), the same
-- counts; then T is empty (it holds the partition's old segment) and
-- T_IDX UNUSABLE (EXCLUDING INDEXES, the default).
create table t (
OWNER           VARCHAR2(30),
OBJECT_NAME     VARCHAR2(128),
SUBOBJECT_NAME  VARCHAR2(30),
OBJECT_ID       NUMBER,
DATA_OBJECT_ID  NUMBER,
OBJECT_TYPE     VARCHAR2(19),
CREATED         DATE,
LAST_DDL_TIME   DATE,
TIMESTAMP       VARCHAR2(19),
STATUS          VARCHAR2(7),
TEMPORARY       VARCHAR2(1),
GENERATED       VARCHAR2(1),
SECONDARY       VARCHAR2(1),
NAMESPACE       NUMBER,
EDITION_NAME    VARCHAR2(30));
insert into t select case mod(rownum, 5) when 0 then 'SYS' when 1 then 'SYSTEM' when 2 then 'PUBLIC' when 3 then 'XDB' else 'ADVAITD_DBA' end, 'OBJECT_' || rownum, null, rownum, rownum, 'TABLE', date '2010-01-01' + mod(rownum, 450), date '2011-03-01', '2011-03-01:00:00:00', 'VALID', 'N', 'N', 'N', 1, null from dual connect by level <= 14966;
commit;
create index t_idx on t(owner, object_name);
exec dbms_stats.gather_table_stats(user,'T',cascade=>true);
select count(1) from t;
create table pt (
OWNER           VARCHAR2(30),
OBJECT_NAME     VARCHAR2(128),
SUBOBJECT_NAME  VARCHAR2(30),
OBJECT_ID       NUMBER,
DATA_OBJECT_ID  NUMBER,
OBJECT_TYPE     VARCHAR2(19),
CREATED         DATE,
LAST_DDL_TIME   DATE,
TIMESTAMP       VARCHAR2(19),
STATUS          VARCHAR2(7),
TEMPORARY       VARCHAR2(1),
GENERATED       VARCHAR2(1),
SECONDARY       VARCHAR2(1),
NAMESPACE       NUMBER,
EDITION_NAME    VARCHAR2(30)
)
partition by range (CREATED)
(PARTITION PT_2011 VALUES less than (MAXVALUE));
select count(1) from pt;
alter table pt exchange partition PT_2011 with table T without validation;
select count(1) from pt;
select count(1) from t;
select index_name, status from user_indexes where index_name = 'T_IDX';
