select length(replace(replace(rpad('x', 32767, 'x'), 'x', rpad('y', 32767, 'y')), 'y', rpad('z', 32767, 'z'))) from dual;
select length(replace(rpad('x', 32767, 'x'), 'x', rpad('y', 32767, 'y'))) from dual;
