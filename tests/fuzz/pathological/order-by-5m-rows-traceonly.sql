set autotrace traceonly
select n from (select level n from dual connect by level <= 5000000) order by n desc;
