-- Clustering factor demo, load step: Dan Morgan, Morgan's Library,
-- "Clustering Factor" (https://www.morganslibrary.org/reference/clustering_factor.html),
-- Oracle 11.2. The page loads T1 from DBA_OBJECTS with an explicit cursor,
-- FETCH ... BULK COLLECT ... LIMIT 250 and FORALL. It publishes no
-- figures for this step: what is asserted is what a hand check gives
-- (engine-wasm/core/tests/plsql_collections.rs):
--   the lab's DBA_OBJECTS has 91,467 rows: 365 fetch calls of 250 rows,
--   then one of 217 (fewer than asked: C%NOTFOUND, the loop ends after
--   its FORALL); 366 FORALL executions, each one array INSERT;
--   DOC_ID 1 .. 91,467 from the sequence, PERSON_ID = MOD(DOC_ID, 233)
--   (0 .. 232).
create table t1 (doc_id number, person_id number, doc_name varchar2(128));
create sequence seq_t;

DECLARE
  t_docname dbms_sql.VARCHAR2_TABLE;
  CURSOR c IS SELECT object_name FROM dba_objects;
BEGIN
  OPEN c;
  LOOP
    FETCH c BULK COLLECT INTO t_docname LIMIT 250;
    FORALL i IN 1..t_docname.COUNT
      INSERT INTO t1 (doc_id, person_id, doc_name)
      VALUES (seq_t.NEXTVAL, MOD(seq_t.CURRVAL, 233), t_docname(i));
    EXIT WHEN c%NOTFOUND;
  END LOOP;
  COMMIT;
  CLOSE c;
END;
/

select count(*), count(distinct doc_id), min(doc_id), max(doc_id), min(person_id), max(person_id) from t1;
