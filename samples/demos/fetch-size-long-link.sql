--@ title Fetch size over a long link (JDBC thin)
-- A narrated demo (docs/DEMOS.md): play it with
--   npm run --silent lio -- play samples/demos/fetch-size-long-link.sql
-- or run it as a plain scenario. After Guy Harrison, 'Best practices for
-- accessing Oracle from scala using JDBC' (shared/seeds/
-- harrison-jdbc-ssd-exadata-redo-r.txt): "the default setting of 10 ... is
-- still more than 6 times worse than a setting of 100 or 200", with
-- diminishing but never negative returns beyond.
-- (Stand-in for the storage story until the storage issue lands.)

--@ say The client sits far from the database: a 2 ms round trip over a
--@ say 10 Mbit/s link. It reads 50,000 customers through JDBC thin.
--@ pause
create table customers (
  cust_id             number not null,
  cust_first_name     varchar2(20),
  cust_last_name      varchar2(40),
  cust_street_address varchar2(40),
  constraint customers_pk primary key (cust_id)
);
insert into customers
  select level, 'First' || level, 'Last' || level, level || ' Main Street'
  from dual connect by level <= 50000;
commit;
exec dbms_stats.gather_table_stats(user, 'CUSTOMERS')

LAB SET network_rtt_us = 2000;
LAB SET network_bytes_per_us = 1.25;

--@ say One row a fetch: one round trip a row.
--@ highlight SQL*Net roundtrips to/from client
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 1 RUNS 3;
--@ say The JDBC default, 10 rows a fetch.
--@ highlight SQL*Net roundtrips to/from client
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 10 RUNS 3;
--@ say 100 and 200 rows a fetch: the article found 10 more than six times
--@ say slower than these.
--@ highlight SQL*Net roundtrips to/from client
--@ view compare
--@ focus
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 100 RUNS 3;
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 200 RUNS 3;
--@ say 1,000 rows a fetch: the packets are full, the link's bandwidth
--@ say decides; returns diminish but never turn negative.
--@ highlight SQL*Net roundtrips to/from client
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 1000 RUNS 3;
--@ say The whole curve in one statement: LAB SWEEP replays the scenario at
--@ say each fetch size and measures the same read.
--@ view autotrace
--@ pause
LAB SWEEP FETCHSIZE FROM 1 TO 1000 FACTOR 10 RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin;
