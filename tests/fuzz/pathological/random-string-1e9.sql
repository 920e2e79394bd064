select dbms_random.string('x', 1e9) from dual;
