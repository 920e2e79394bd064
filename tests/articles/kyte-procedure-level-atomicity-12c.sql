-- Procedure-level atomicity: Tom Kyte (with Darl Kuhn and Zahid Anwar),
-- Expert Oracle Database Architecture, 3rd edition (Apress, 2014),
-- chapter "Transactions", sections "Statement-Level Atomicity" and
-- "Procedure-Level Atomicity"; run on 12.1 (prompt EODA@ORA12CR1). The
-- book's text as excerpted at
-- http://what-when-how.com/Tutorial/topic-9866bbkie/Oracle-Database-Transactions-and-Locking-Revealed-92.html
-- and ...-93.html (the 2nd edition's 10g run, ops$tkyte@ORA10G, prints
-- the same: https://yumpu.com/en/document/view/54550196/, page 305).
--
-- The published figures:
--   begin p; end;  ->  ORA-02290: check constraint (EODA.SYS_C0061484) violated
--                      ORA-06512: at "EODA.P", line 5
--                      ORA-06512: at line 2
--   select * from t;   no rows selected   (P's first INSERT undone too:
--                      "Oracle wrapped a SAVEPOINT around it")
--   begin p; exception when others then
--     dbms_output.put_line('Error!!!! ' || sqlerrm); end;
--                  ->  Error!!!! ORA-02290: check constraint (EODA.SYS_C0061484) violated
--                      PL/SQL procedure successfully completed.
--   select * from t;   X = 1              (the handled error keeps it)
--
-- The lab: the same errors, lines and rows; the constraint's name is the
-- lab's own SYS_C number and schema LAB. Not run as published: the
-- book's trigger T_TRIGGER on T that counts rows in T2 (its "I fired
-- and updated 1 rows" lines and T2's CNT): the lab has no triggers
-- (refused, LAB-00001), so T2 and the trigger are left out (lab).
set serveroutput on
create table t ( x int check ( x>0 ) );
create or replace procedure p
as
begin
insert into t values ( 1 );
insert into t values (-1 );
end;
/
select * from t;
begin
p;
end;
/
select * from t;
begin
p;
exception
when others then
dbms_output.put_line( 'Error!!!! ' || sqlerrm );
end;
/
select * from t;
rollback;
