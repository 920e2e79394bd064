-- Decoding LOW_VALUE / HIGH_VALUE with DBMS_STATS.CONVERT_RAW_VALUE:
-- Jonathan Lewis, "low_value / high_value", Oracle Scratchpad, 29 Nov 2006
-- https://jonathanlewis.wordpress.com/2006/11/29/low_value-high_value/
-- (10g). Published: USER_TAB_COLUMNS shows SKEW's LOW_VALUE C102 and
-- HIGH_VALUE C151; the anonymous block converting 'C102' into a NUMBER
-- prints "Result: 1"; the raw_to_num wrapper gives LOW_VAL 1, HIGH_VAL 80.
-- The post does not give T1's script: here SKEW holds 1 to 80, skewed
-- (value n appears n times), which is all the published figures depend on.
-- The VARCHAR2 and DATE overloads (the procedure is overloaded on its OUT
-- variable's type) decode 'ABC' (414243) and 31 Dec 2008 (786C0C1F010101:
-- century 120 - 100, year 108 - 100, month 12, day 31, time + 1 each).
create table t1 (id number, skew number);
insert into t1 select rownum, n from (select level n from dual connect by level <= 80) a,
  (select level m from dual connect by level <= 80) b where b.m <= a.n;
commit;
exec dbms_stats.gather_table_stats(user, 't1')
select column_name, low_value, high_value from user_tab_columns
where table_name = 'T1' and column_name = 'SKEW';
set serveroutput on
declare
  m_n number;
begin
  dbms_stats.convert_raw_value('C102', m_n);
  dbms_output.put_line('Result: ' || m_n);
end;
/
create or replace function raw_to_num(i_raw raw)
return number
as
  m_n number;
begin
  dbms_stats.convert_raw_value(i_raw, m_n);
  return m_n;
end;
/
-- The post's query calls raw_to_num from SQL, which the lab does not do
-- yet (a stored function in SQL is ORA-00904 there): the same calls from
-- PL/SQL, over the same row.
begin
  for r in (select column_name, low_value, high_value from user_tab_columns
            where table_name = 'T1' and column_name = 'SKEW') loop
    dbms_output.put_line(r.column_name || ' ' || raw_to_num(r.low_value) || ' ' || raw_to_num(r.high_value));
  end loop;
end;
/
declare
  m_v varchar2(10);
  m_d date;
begin
  dbms_stats.convert_raw_value('414243', m_v);
  dbms_stats.convert_raw_value(rawval => '786C0C1F010101', resval => m_d);
  dbms_output.put_line('Result: ' || m_v || ' ' || to_char(m_d, 'YYYY-MM-DD HH24:MI:SS'));
end;
/
