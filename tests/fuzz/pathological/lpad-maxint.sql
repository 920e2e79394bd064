select lpad('x', 9223372036854775807) from dual;
