-- Golden file: the autotrace examples of memoptimized-rowstore-18c.txt
-- (t1..t4, each query run twice: the article shows the second execution),
-- in SQLcl's layout as the article used. The statements are the article's.
LAB VERSION 18c;
LAB SET autotrace_style = sqlcl;

ALTER SYSTEM SET memoptimize_pool_size = 100M SCOPE=SPFILE;
alter system set db_keep_cache_size = 64M scope=spfile;
SHUTDOWN IMMEDIATE
STARTUP

CREATE TABLE t1 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t1_pk PRIMARY KEY (key)
)
STORAGE (BUFFER_POOL KEEP);
ALTER INDEX t1_pk STORAGE (BUFFER_POOL KEEP);

CREATE TABLE t2 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t2_pk PRIMARY KEY (key)
)
ORGANIZATION INDEX
STORAGE (BUFFER_POOL KEEP);

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

CREATE TABLE t4 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t4_pk PRIMARY KEY (key)
) 
SEGMENT CREATION IMMEDIATE
MEMOPTIMIZE FOR READ;

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
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t1 WHERE key = 42;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t2 WHERE key = 42;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t3 WHERE key = 42;
/

SET AUTOTRACE OFF
BEGIN
   dbms_memoptimize.populate(schema_name=>USER, table_name=>'T4');
END;
/

SET LINESIZE 100
SET AUTOTRACE ON
SELECT * FROM t4 WHERE key = 42;
/
