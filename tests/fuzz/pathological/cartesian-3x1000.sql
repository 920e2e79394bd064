select count(*) from
  (select level a from dual connect by level <= 1000),
  (select level b from dual connect by level <= 1000),
  (select level c from dual connect by level <= 1000);
