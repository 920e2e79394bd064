select rpad('x', 1e12) from dual;
