-- A flat chain of 45 (and 2,000) UNION ALL branches: a list, not nesting.
select count(*) from (select 1 n from dual{{repeat 44: union all select 1 n from dual}});
select count(*) from (select 1 n from dual{{repeat 1999: union all select 1 n from dual}});
