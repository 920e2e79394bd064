-- LIKE and INSTR over 32 KB strings in a PL/SQL loop: the characters
-- examined are work; the loops end with LAB-00033 in seconds.
declare s varchar2(32767) := rpad('a', 32000, 'a'); n number := 0;
begin
  for i in 1 .. 100000000 loop
    if s like '%a%a%a%a%a%a%a%a%a%a%b' then n := n + 1; end if;
    if s like s then n := n + 1; end if;
    n := n + instr(s, 'aaaaaaab');
  end loop;
end;
/
