-- A hinted skip scan over 1,000 leading values: "Index Skip Scan",
-- dicasoracledba.blogspot.com, April 2009 (the plan is utlxpls.sql's 9i
-- layout, with Pstart/Pstop and "1K"/"4K"):
-- http://dicasoracledba.blogspot.com/2009/04/index-skip-scan.html
-- Published: TESTE (A, B), 1,000 rows A = 1..1000, B = 56; index on (A, B);
-- ANALYZE ... COMPUTE STATISTICS;
-- `select /*+ index_ss(teste idx_teste) */ * from teste where b=56`:
--   SELECT STATEMENT |           | 1K | 4K | 1001
--   INDEX SKIP SCAN  | teste_idx | 1K | 4K | 1001
-- (the post's plan names the index teste_idx; its script creates idx_teste).
-- The lab (engine-wasm/core/tests/skip_scan.rs) runs at its default
-- release (the lab has no 9i profile; the skip scan's I/O cost is the
-- same): ix_sel 1 (B has one value), ANDV 1,000 (A's NDV), BLEVEL 1:
-- 1 + 1000 x ceil(#LB x 1 / 1000) = 1 + 1000 x 1 = 1001 I/O, as published
-- (no limit at the index full scan's cost, BLEVEL + #LB; the 10053
-- trace's resc_io); 1,000 rows. 9i costed I/O only (no system
-- statistics); the lab's CPU costing (10g's default) adds 1,001 blocks x
-- 7,121.44 + 1,000 rows x 150 cycles = 0.61 of a read: Cost 1002. The
-- lab's plan has a TABLE ACCESS BY INDEX ROWID line over the skip scan:
-- it never takes `select *` as index-only (exec/plan/covering.rs).
-- The PL/SQL loop's 1,000 single-row inserts are as published.
create table teste(a number,b number);
begin
for i in 1..1000
loop
insert into teste values(i, 56);
end loop;
end;
/
create index idx_teste on teste(a,b);
analyze table teste compute statistics;
explain plan for select /*+ index_ss(teste idx_teste) */ * from teste where b=56;
select * from table(dbms_xplan.display);
set autotrace traceonly statistics
select /*+ index_ss(teste idx_teste) */ * from teste where b=56;
set autotrace off
