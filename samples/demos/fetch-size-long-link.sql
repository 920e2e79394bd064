--@ title Fetch size over a long link (JDBC thin)
-- A narrated demo (docs/DEMOS.md): play it with
--   npm run --silent lio -- play samples/demos/fetch-size-long-link.sql
-- or run it as a plain scenario. After Guy Harrison, 'Best practices for
-- accessing Oracle from scala using JDBC' (shared/seeds/
-- harrison-jdbc-ssd-exadata-redo-r.txt): "the default setting of 10 ... is
-- still more than 6 times worse than a setting of 100 or 200", with
-- diminishing but never negative returns beyond.
-- The model: each fetch is a round trip; a reply bigger than the client's
-- TCP receive window waits a round trip for each further window, so past
-- the point where a fetch fills the window, more rows a fetch buy nothing
-- but the link's bandwidth (docs/MODEL.md, "Client and network"). The
-- table is SH.CUSTOMERS' shape (its two DATE columns left out), about 200
-- bytes a row.

--@ say The client sits far from the database, as Harrison's did: his home
--@ say in Australia, the database in a US EC2 region. A 200 ms round trip
--@ say over a 10 Mbit/s line, and a client TCP receive window of 64 KB
--@ say (TCP without window scaling). It reads 50,000 customers, rows as
--@ say wide as the SH schema's CUSTOMERS, through JDBC thin.
--@ pause
create table customers (
  cust_id                number not null,
  cust_first_name        varchar2(20),
  cust_last_name         varchar2(40),
  cust_gender            char(1),
  cust_year_of_birth     number(4),
  cust_marital_status    varchar2(20),
  cust_street_address    varchar2(40),
  cust_postal_code       varchar2(10),
  cust_city              varchar2(30),
  cust_city_id           number,
  cust_state_province    varchar2(40),
  cust_state_province_id number,
  country_id             number,
  cust_main_phone_number varchar2(25),
  cust_income_level      varchar2(30),
  cust_credit_limit      number,
  cust_email             varchar2(50),
  cust_total             varchar2(14),
  cust_total_id          number,
  cust_src_id            number,
  cust_valid             varchar2(1),
  constraint customers_pk primary key (cust_id)
);
insert into customers
  select level, 'First' || level, 'Last' || level,
         decode(mod(level, 2), 0, 'M', 'F'), 1913 + mod(level, 78),
         decode(mod(level, 3), 0, 'married', 1, 'single', null),
         level || ' Main Street', to_char(10000 + mod(level, 89999)),
         'Melbourne', 51000 + mod(level, 620), 'Victoria', 52000 + mod(level, 145), 52790,
         '555-' || lpad(mod(level, 10000), 4, '0') || '-' || lpad(mod(level, 997), 3, '0'),
         'G: 130,000 - 149,999', 1500 + 1000 * mod(level, 14),
         'First' || level || '.Last' || level || '@company.example.com',
         'Customer total', 52772, null, 'A'
  from dual connect by level <= 50000;
commit;
exec dbms_stats.gather_table_stats(user, 'CUSTOMERS')

LAB SET network_rtt_us = 200000;
LAB SET network_bytes_per_us = 1.25;
LAB SET network_window_bytes = 65535;

--@ say One row a fetch: one round trip a row.
--@ highlight SQL*Net roundtrips to/from client
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 1 RUNS 3;
--@ say The JDBC default, 10 rows a fetch.
--@ highlight SQL*Net roundtrips to/from client
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 10 RUNS 3;
--@ say 100 and 200 rows a fetch. Published: the default of 10 "more than
--@ say 6 times worse than a setting of 100 or 200". Compare the two runs.
--@ highlight SQL*Net roundtrips to/from client
--@ view compare a=71 b=79
--@ focus
--@ expected times faster than line 71 (fetch size 10) > 6 source Guy Harrison, 'Best practices for accessing Oracle from scala using JDBC' (2011): fetch size 10 "more than 6 times worse"
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 100 RUNS 3;
--@ expected times faster than line 71 (fetch size 10) > 6 source Guy Harrison, 'Best practices for accessing Oracle from scala using JDBC' (2011): fetch size 10 "more than 6 times worse"
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 200 RUNS 3;
--@ say 1,000 rows a fetch: a reply now needs several TCP windows, each
--@ say waiting a round trip; the link decides. Returns diminish, but
--@ say never turn negative.
--@ highlight SQL*Net roundtrips to/from client
--@ pause
LAB RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin FETCHSIZE 1000 RUNS 3;
--@ say The whole curve in one statement: LAB SWEEP replays the scenario at
--@ say each fetch size and measures the same read.
--@ view autotrace
--@ pause
LAB SWEEP FETCHSIZE FROM 1 TO 1000 FACTOR 10 RUN 'select * from customers where rownum <= 50000' VIA jdbc_thin;
