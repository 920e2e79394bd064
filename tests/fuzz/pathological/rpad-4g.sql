select length(rpad('x', 4294967296)) from dual;
