select count(*) from dual connect by level <= 1e12;
