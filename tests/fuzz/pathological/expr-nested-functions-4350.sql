select {{repeat 4350:abs(}}1{{repeat 4350:)}} from dual;
