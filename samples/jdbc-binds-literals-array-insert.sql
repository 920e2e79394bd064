-- Guy Harrison, "Optimizing Oracle JDBC from Scala" (shared/seeds/
-- harrison-jdbc-ssd-exadata-redo-r.txt): the same UPDATE loop with the value
-- concatenated into the text (a new statement, parsed and optimized, every
-- time) and with a bind variable (parsed once), then an INSERT one row per
-- call and as an array insert of BATCH rows per call. JDBC thin over the
-- network, autocommit off, one commit at the end as in the article.

create table customers (
  cust_id    number not null,
  cust_first_name varchar2(20),
  cust_last_name  varchar2(40),
  cust_street_address varchar2(40),
  cust_valid varchar2(1),
  constraint customers_pk primary key (cust_id)
);
insert into customers
  select level, 'First' || level, 'Last' || level, level || ' Main Street', 'N'
  from dual connect by level <= 10000;
commit;
create table arrayinserttest (
  cust_id number,
  cust_first_name varchar2(20),
  cust_last_name varchar2(40),
  cust_street_address varchar2(40)
);

-- Literals: "UPDATE customers SET cust_valid = 'Y' WHERE cust_id = " + cust_id
LAB RUN 'UPDATE customers SET cust_valid = ''Y'' WHERE cust_id = :custId' BIND 1 TO 1000 VIA jdbc_thin LITERALS;
commit;

-- Bind variable: a prepared statement, setInt(1, cust_id), execute()
LAB RUN 'UPDATE customers SET cust_valid = ''Y'' WHERE cust_id = :custId' BIND 1 TO 1000 VIA jdbc_thin;
commit;

-- Insert one row per executeUpdate()
LAB RUN 'INSERT into arrayinsertTest (cust_id, cust_first_name, cust_last_name, cust_street_address) VALUES (:1, ''F'', ''L'', ''S'')' BIND 1 TO 1000 VIA jdbc_thin;
commit;

-- Array insert: addBatch() and executeBatch() every 100 rows. Each
-- execution binds 100 rows, which Oracle inserts as an array: one redo
-- record (and one undo record) per block the 100 rows go into, so about 12
-- redo entries for the 1,000 rows where one row per call writes 1,000
-- (docs/MODEL.md, "Array inserts").
LAB RUN 'INSERT into arrayinsertTest (cust_id, cust_first_name, cust_last_name, cust_street_address) VALUES (:1, ''F'', ''L'', ''S'')' BIND 1001 TO 2000 VIA jdbc_thin BATCH 100;
commit;
