-- Jonathan Lewis, Oracle Core: Essential Internals for DBAs and Developers
-- (Apress, 2011), chapter 2 "Redo and Undo", the script core_demo_02b.sql
-- (Feb 2011) of the book's download, as published in a public copy of the
-- scripts (its results are in the script's closing comment). Releases:
-- 10.2.0.3 (private redo and in-memory undo on, their default) and 9.2.0.8
-- (neither exists); 8 KB blocks. Fifty rows (ids 5 to 54, in two table
-- blocks) updated through an index in one statement, then COMMIT; the
-- session's statistics after the commit:
--
--                               9.2.0.8     10.2.0.3
--   redo entries                     51            1
--   redo size                    12,668       12,048
--   db block changes                103          102
--   db block gets                    54           53
--   undo change vector size           -        4,632
--   IMU commits                       -            1
--   IMU undo allocation size          -       43,052
--
-- What the lab gives and why (engine-wasm/core/tests/imu.rs): with IMU
-- (the lab's 10.2.0.5 stands for 10.2.0.3) the update writes no redo; the
-- commit writes one record of every vector (10.2's format,
-- session/redo_layout.rs: KTB fields 12 bytes, ktubl 52): the 5.2 (60),
-- the 5.20 session marker (36), fifty 11.5 URPs of 'YYYYYYYYYY' over
-- 'xxxxxx' (24 + 12 + 12 + 28 + 4 + 12 = 92 each), their fifty 5.1 undo
-- vectors (24 + 16 + 20 + 24 + 12 + 28 + 4 + 8 = 136 each, the first 28
-- more for its ktubl) and the 5.4 commit (60): 24 + 60 + 36 + 50 x 92 +
-- 50 x 136 + 28 + 60 = 11,608 bytes (-3.7%), 1 entry. Lewis's own dump of
-- these records without IMU (core_demo_02,
-- tests/articles/lewis-core-demo-update-redo-10g.sql) is 4 bytes a row
-- under the lab's; his IMU record is then some 640 bytes over the
-- vectors the lab writes, an IMU record's own content, not modelled.
-- The pool allocates each undo record's vector and a 720-byte node: (164
-- + 720) + 49 x (136 + 720) = 42,828 (-0.5%; the node fitted to this and
-- Lewis's commit loop, session/imu.rs). With `_in_memory_undo` off (9i's
-- way): 50 records of 24 + 92 + 136 = 252, the first 124 longer, and a
-- commit record of 84: 12,808 bytes (+1.1% over 9.2.0.8's 12,668) in 51
-- entries. The lab's undo change vector size counts whole vectors
-- (6,828), where Oracle's 4,632 is the undo records' own sizes (the
-- dump's ktudb `siz`: 108, 84, then 92 each): not reproduced.
--
-- Changes to the script: LAB VERSION first; Lewis's setenv, system
-- statistics, "alter system switch logfile", dbms_lock.sleep and his
-- snapshot packages are left out (the test reads the statements' own
-- statistics); the lab has no CAST (LAB-00001), so the table is created
-- with its columns' types (v1 VARCHAR2(10), as the CAST makes it) and
-- filled by two INSERT ... SELECTs (the lab refuses ROWNUM in a UNION
-- ALL branch: LAB-00001), in the UNION ALL's order; the second run sets `_in_memory_undo` false
-- and builds the table again, for 9i's figures.

LAB VERSION 10.2.0.5;

create table t1 (id number, n1 number, v1 varchar2(10), padding varchar2(100));

insert into t1
select
	2 * rownum - 1			id,
	rownum				n1,
	'xxxxxx'			v1,
	rpad('0',100,'0')		padding
from
	all_objects
where
	rownum <= 60
;

insert into t1
select
	2 * rownum			id,
	rownum				n1,
	'xxxxxx'			v1,
	rpad('0',100,'0')		padding
from
	all_objects
where
	rownum <= 60
;

commit;

create index t1_i1 on t1(id);

begin
	dbms_stats.gather_table_stats(
		ownname		 => user,
		tabname		 =>'T1',
		method_opt 	 => 'for all columns size 1'
	);
end;
/

select
	dbms_rowid.rowid_block_number(rowid)	block_number,
	count(*)				rows_per_block
from
	t1
group by
	dbms_rowid.rowid_block_number(rowid)
order by
	block_number
;

update
	/*+ index(t1 t1_i1) */
	t1
set
	v1 = 'YYYYYYYYYY'
where
	id between 5 and 54
;

commit;

-- 9.2.0.8's way: no private redo, no in-memory undo.
alter system set "_in_memory_undo" = false;

drop table t1;

create table t1 (id number, n1 number, v1 varchar2(10), padding varchar2(100));

insert into t1
select
	2 * rownum - 1			id,
	rownum				n1,
	'xxxxxx'			v1,
	rpad('0',100,'0')		padding
from
	all_objects
where
	rownum <= 60
;

insert into t1
select
	2 * rownum			id,
	rownum				n1,
	'xxxxxx'			v1,
	rpad('0',100,'0')		padding
from
	all_objects
where
	rownum <= 60
;

commit;

create index t1_i1 on t1(id);

update
	/*+ index(t1 t1_i1) */
	t1
set
	v1 = 'YYYYYYYYYY'
where
	id between 5 and 54
;

commit;

alter system set "_in_memory_undo" = true;
