-- A full outer join written twice: Charles Hooper, "ANSI Full Outer
-- Join, Ready or Not?", 30 December 2010 (Oracle 11.2.0.1),
-- http://hoopercharles.wordpress.com/2010/12/30/ansi-full-outer-join-ready-or-not/
-- Published: the Oracle-syntax form (two (+) outer joins under UNION)
-- and its rows, which the ANSI FULL OUTER JOIN returns too:
--   T1.ANIMAL  T2.ANIMAL
--   COW        COW
--   PIG        PIG
--   (null)     DOG
--   ZEBRA      (null)
--   SHARK      (null)
--   ROOSTER    (null)
--   LION       (null)
-- The tables are not printed on the page: TABLE_1 and TABLE_2 are
-- rebuilt from those rows (TABLE_1: COW, PIG, ZEBRA, SHARK, ROOSTER,
-- LION; TABLE_2: COW, PIG, DOG), one row per animal as the page says its
-- UNION form needs. The page's row order is the UNION's; the lab's UNION
-- sorts (SORT UNIQUE), so both forms are compared as sets (7 rows each).
-- The ANSI form runs as VIEW VW_FOJ_0 over HASH JOIN FULL OUTER
-- (TABLE_2, the smaller, building). Added here, not on the page: a WHERE
-- clause keeping the animals only one table has filters that view, 5
-- rows (ZEBRA, SHARK, ROOSTER, LION, DOG).
-- Test: engine-wasm/core/tests/join_forms.rs.
create table table_1 (animal varchar2(20));
create table table_2 (animal varchar2(20));
insert into table_1 values ('COW');
insert into table_1 values ('PIG');
insert into table_1 values ('ZEBRA');
insert into table_1 values ('SHARK');
insert into table_1 values ('ROOSTER');
insert into table_1 values ('LION');
insert into table_2 values ('COW');
insert into table_2 values ('PIG');
insert into table_2 values ('DOG');
commit;
SELECT
  T1.ANIMAL,
  T2.ANIMAL
FROM
  TABLE_1 T1,
  TABLE_2 T2
WHERE
  T1.ANIMAL(+)=T2.ANIMAL
UNION
SELECT
  T1.ANIMAL,
  T2.ANIMAL
FROM
  TABLE_1 T1,
  TABLE_2 T2
WHERE
  T1.ANIMAL=T2.ANIMAL(+);
SELECT
  T1.ANIMAL,
  T2.ANIMAL
FROM
  TABLE_1 T1
FULL OUTER JOIN
  TABLE_2 T2
ON
  T1.ANIMAL=T2.ANIMAL;
SELECT
  T1.ANIMAL,
  T2.ANIMAL
FROM
  TABLE_1 T1
FULL OUTER JOIN
  TABLE_2 T2
ON
  T1.ANIMAL=T2.ANIMAL
WHERE
  T1.ANIMAL IS NULL
  OR T2.ANIMAL IS NULL;
drop table table_1 purge;
drop table table_2 purge;
