select {{repeat 4350:(}}1{{repeat 4350:)}} from dual;
