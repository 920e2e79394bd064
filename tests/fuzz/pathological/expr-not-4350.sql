select 1 from dual where {{repeat 4350:not }}1 = 1;
