select {{repeat 4350:-}}1 from dual;
