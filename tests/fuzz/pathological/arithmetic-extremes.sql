select mod(1, 0), 1/0, round(1, 1e12), trunc(1e308 * 10), to_char(1e308 * 10) from dual;
