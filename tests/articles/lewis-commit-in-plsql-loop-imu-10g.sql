-- Jonathan Lewis, Oracle Core: Essential Internals for DBAs and Developers
-- (Apress, 2011), chapter 6 "Writing and Recovery", the script
-- core_commit_01.sql (Aug 2011) of the book's download, as published in a
-- public copy of the scripts (results in its closing comment). Releases:
-- 10.2.0.3 and 11.2.0.2; 8 KB blocks. A PL/SQL loop updates 25 rows of a
-- 500-row table by primary key, committing after each. The session's
-- statistics for the loop, "simple commit":
--
--                               10.2.0.3   11.2.0.2
--   user commits                      25
--   redo entries                      25         25
--   redo size                     11,132     11,500
--   db block gets                    100
--   db block changes                 100
--   undo change vector size        3,368
--   IMU commits                       25
--   IMU undo allocation size      22,700
--   commit cleanouts                  25
--
-- (And `commit write immediate wait`, 11.2.0.2: 50 redo entries, 12,752
-- bytes: the immediate commit flushes the transaction's IMU first; the lab
-- has no COMMIT WRITE.)
--
-- What the lab gives and why (engine-wasm/core/tests/imu.rs): each
-- transaction is IMU, its commit one record (session/imu.rs; 10.2's
-- format, session/redo_layout.rs: KTB fields 12 bytes, ktubl 52): 24 +
-- the 5.2 (60) + the 5.20 session marker (36) + the 11.5 of small_no + .1
-- (3 bytes -> 4: 24 + 12 + 12 + 28 + 4 + 4 = 84) + its 5.1 with the ktubl
-- (132 + 28 = 160) + the 5.4 (60) = 424 bytes, 25 entries and 10,600
-- bytes (-4.8% of 10.2.0.3's; -7.9% of 11.2.0.2's, whose longer 5.20 the
-- lab does not write); 4 gets and 4 changes a transaction (the undo
-- header's slot, the table block, the undo block, the commit): 100 and
-- 100; the pool's 160 + 720 = 880 bytes a transaction: 22,000 (-3.1%;
-- the node was fitted to 908 when the lab's 10.2 undo record was 188).
-- The lab's undo change vector size is 4,000 (whole vectors; Oracle's
-- 3,368 counts the undo records' own sizes: not reproduced).
--
-- Changes to the script: LAB VERSION first; the table is created with its
-- columns' types and filled by INSERT ... SELECT (the lab's CREATE TABLE
-- AS SELECT takes no column list); Lewis's setenv, system statistics,
-- "alter system switch logfile", snapshot packages and log dump are left
-- out (the test reads the PL/SQL block's own statistics); the loop's
-- `commit write immediate nowait` (the variant the script was left at) is
-- the plain `commit` of the results above.

LAB VERSION 10.2.0.5;

create table t1 (
	id		number,
	small_no	number,
	small_vc	varchar2(10),
	padding		varchar2(100),
	constraint t1_pk primary key (id)
);

insert into t1
select
	rownum,
	1+ trunc(rownum/10),
	lpad(rownum,10),
	rpad('x',100)
from
	all_objects
	where
	rownum <= 500
;

commit;

begin
	dbms_stats.gather_table_stats(
		ownname		 => user,
		tabname		 =>'T1',
		cascade		 => true,
		estimate_percent => null,
		method_opt 	 => 'for all columns size 1'
	);
end;
/

begin

	for r in (
		select id from t1
		where mod(id,20) = 0
	) loop
		update t1
		set small_no = small_no + .1
		where id = r.id;
		commit;
	end loop;

end;
/
