select 1 from dual; -- {{repeat 100000:-}}
/* {{repeat 100000:*}}