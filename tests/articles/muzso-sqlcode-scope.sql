-- When SQLCODE forgets the exception: muzso, "Scope of an exception in
-- PL/SQL", http://muzso.hu/2007/05/09/scope-of-an-exception-in-pl-sql
-- (May 2007; the release is not named, 10g at the time). The block as
-- published; SET SERVEROUTPUT ON added so that SQL*Plus shows its lines.
--
-- The published result:
--   SQLCODE: -20501, SQLERRM: ORA-20501:
--   SQLCODE: -20501, SQLERRM: ORA-20501:
--   SQLCODE: -20502, SQLERRM: ORA-20502:
--   SQLCODE: 0, SQLERRM: ORA-0000: normal, successful completion
--   SQLCODE: 0, SQLERRM: ORA-0000: normal, successful completion
-- "SQLCODE returns the error code of the last exception and is reset to
-- zero upon leaving an exception handler block": the outer handler reads
-- 0 once the inner block's handler has ended.
--
-- The lab: the same five lines (SQLERRM of RAISE_APPLICATION_ERROR with
-- an empty text ends with the blank after the colon; the page's HTML
-- does not show it).
set serveroutput on
BEGIN
BEGIN
raise_application_error(-20501, '');
EXCEPTION WHEN OTHERS THEN
dbms_output.put_line('SQLCODE: ' || SQLCODE || ', SQLERRM: ' || SQLERRM);
BEGIN
dbms_output.put_line('SQLCODE: ' || SQLCODE || ', SQLERRM: ' || SQLERRM);
raise_application_error(-20502, '');
EXCEPTION WHEN OTHERS THEN
dbms_output.put_line('SQLCODE: ' || SQLCODE || ', SQLERRM: ' || SQLERRM);
END;
dbms_output.put_line('SQLCODE: ' || SQLCODE || ', SQLERRM: ' || SQLERRM);
END;
dbms_output.put_line('SQLCODE: ' || SQLCODE || ', SQLERRM: ' || SQLERRM);
END;
/
