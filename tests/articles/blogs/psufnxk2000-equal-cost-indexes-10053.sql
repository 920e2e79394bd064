-- Source: https://iter01.com/409080.html (ITPUB blog post, 22 May 2014)
-- Author: psufnxk2000 (ITPUB)
-- Release: 11g (10053 layout with resc_io/resc_cpu)
-- The statements of the post. Published figures (the 10053 trace): the
-- two indexes cost the same (resc_io 2.00, Cost 2.00 each; table scan
-- 139.65) and the optimizer picks IDX_1 ("Best:: AccessPath: IndexRange
-- Index: IDX_1 Cost: 2.00 ... Card: 5.75"): of equally costed indexes
-- the one whose name sorts first (MOS note 73167.1).
--
-- FIGURE op 2 @ select * from t11 where object_name='ICOL$' and object_id=20 = "INDEX RANGE SCAN IDX_1"

create table t11 as select * from dba_objects;

create index idx_1 on t11(object_id,object_name);

create index idx_2 on t11(object_name,object_id);

Alter session set events '10053 trace name context forever, level 1';

select * from t11 where object_name='ICOL$' and object_id=20;
Alter session set events '10053 trace name context off';
