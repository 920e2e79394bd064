-- Every SQL and PL/SQL script of ../../../shared/seeds/memoptimized-rowstore-18c.txt,
-- in the article's order, pasted as printed. Lines marked "(lab)" are not in
-- the article: the release, and loading t1..t3 the way the article loads t4
-- ("This is very similar to table t4").
-- (lab)
LAB VERSION 18c;

ALTER SYSTEM SET memoptimize_pool_size = 100M SCOPE=SPFILE;
SHUTDOWN IMMEDIATE
STARTUP

CREATE TABLE t4 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t4_pk PRIMARY KEY (key)
) 
SEGMENT CREATION IMMEDIATE
MEMOPTIMIZE FOR READ;

BEGIN
   dbms_random.seed(0);
   INSERT INTO t4 (key, value)
   SELECT rownum AS key, 
          dbms_random.string('x', round(dbms_random.value(5, 30), 0)) AS value
     FROM xmltable('1 to 100000');
   COMMIT;
   dbms_stats.gather_table_stats(ownname=>USER, tabname=>'T4');
END;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t4 WHERE key = 42;
SELECT * FROM t4 WHERE key = 42;

BEGIN
   dbms_memoptimize.populate(schema_name=>USER, table_name=>'T4');
END;
/

SELECT n.name, s.value
  FROM v$sysstat s 
  JOIN v$statname n
    ON n.statistic# = s.statistic#
 WHERE n.name = 'memopt r rows populated';

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t4 WHERE key = 42;
SELECT * FROM t4 WHERE key = 42;

CREATE TABLE t1 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t1_pk PRIMARY KEY (key)
)
STORAGE (BUFFER_POOL KEEP);
ALTER INDEX t1_pk STORAGE (BUFFER_POOL KEEP);

-- (lab)
BEGIN
   dbms_random.seed(0);
   INSERT INTO t1 (key, value)
   SELECT rownum AS key,
          dbms_random.string('x', round(dbms_random.value(5, 30), 0)) AS value
     FROM xmltable('1 to 100000');
   COMMIT;
   dbms_stats.gather_table_stats(ownname=>USER, tabname=>'T1');
END;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t1 WHERE key = 42;
SELECT * FROM t1 WHERE key = 42;

CREATE TABLE t2 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t2_pk PRIMARY KEY (key)
)
ORGANIZATION INDEX
STORAGE (BUFFER_POOL KEEP);

-- (lab)
BEGIN
   dbms_random.seed(0);
   INSERT INTO t2 (key, value)
   SELECT rownum AS key,
          dbms_random.string('x', round(dbms_random.value(5, 30), 0)) AS value
     FROM xmltable('1 to 100000');
   COMMIT;
   dbms_stats.gather_table_stats(ownname=>USER, tabname=>'T2');
END;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t2 WHERE key = 42;
SELECT * FROM t2 WHERE key = 42;

CREATE CLUSTER c3 (key INTEGER) 
   SIZE 256
   SINGLE TABLE HASHKEYS 100000
   STORAGE (BUFFER_POOL KEEP);

CREATE TABLE t3 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t3_pk PRIMARY KEY (key) -- to check uniqueness only
)
CLUSTER c3 (key);

-- (lab)
BEGIN
   dbms_random.seed(0);
   INSERT INTO t3 (key, value)
   SELECT rownum AS key,
          dbms_random.string('x', round(dbms_random.value(5, 30), 0)) AS value
     FROM xmltable('1 to 100000');
   COMMIT;
   dbms_stats.gather_table_stats(ownname=>USER, tabname=>'T3');
END;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t3 WHERE key = 42;
SELECT * FROM t3 WHERE key = 42;
-- (lab)
SET AUTOTRACE OFF

CREATE OR REPLACE PROCEDURE p (in_table_name VARCHAR2) IS
   l_query VARCHAR2(1000 CHAR);
   l_value VARCHAR2(30 CHAR);
   l_start INTEGER;
   l_end   INTEGER;
BEGIN
   l_start := dbms_utility.get_time();
   l_query := 'SELECT value FROM ' || in_table_name || ' WHERE key = :key';
   FOR i IN 1..100000 LOOP
      EXECUTE IMMEDIATE l_query INTO l_value USING i;
   END LOOP;
   l_end := dbms_utility.get_time();
   dbms_output.put_line('read 100000 rows from ' || in_table_name || ' in ' ||
      to_char((l_end - l_start) / 100) || ' seconds.');
END p;
/

connect tvdca/tvdca@odb
set serveroutput on
exec p('t4')
SELECT n.name, s.sid, s.value
  FROM v$sesstat s 
  JOIN v$statname n
    ON n.statistic# = s.statistic#
 WHERE n.name in ('consistent gets','memopt r lookups', 'memopt r hits')
   AND s.value > 0
   AND s.sid = sys_context ('USERENV', 'SID')
 ORDER BY s.value desc;
