-- Source: https://community.oracle.com/thread/1672409 (answer by Martin Preiss)
-- Author: Martin Preiss (Oracle Community forum answer)
-- Release: 11.2.0.1 ("I can reproduce the effect in 11.2.0.1 - but not in 12.1.0.1")
-- Published figures: in 11.2.0.1 the first ALTER (no NOT NULL) runs an
-- explicit update of every row, which the SQL trace shows as
--   update "TBL_1" set "COL_4"=100
--   Execute  1  11.63  33.56  8336  1016125  2053531  1000000
-- (query 1,016,125, current 2,053,531, rows 1,000,000); the second, with
-- NOT NULL, is a dictionary change (fast in 11.2.0.1 and 12.1.0.1).
-- The page repeats the ADD of COL_4; as published, the second ADD fails
-- in Oracle with ORA-01430 (column being added already exists).
-- The lab shows no recursive SQL, so no figure is compared: the script
-- is run for its refusals.

drop table tbl_1;

create table tbl_1

as

select rownum id

     , lpad('*', 50, '*') padding

  from dual

connect by level <= 1000000;

ALTER TABLE tbl_1 ADD (col_4 NUMBER DEFAULT 100);

ALTER TABLE tbl_1 ADD (col_4 NUMBER DEFAULT 100 NOT NULL);
