-- "Exchanging a List-Partitioned Table with a *-List Partition", Oracle
-- Database VLDB and Partitioning Guide 12c Release 1 (12.1),
-- https://docs.oracle.com/database/121/VLDBG/GUID-24597C75-958D-4AE7-830D-0B24E5ECF1F1.htm
-- Release: 12.1 (the guide; the statement is the same from 11.1, when
-- list-list composite partitioning came).
--
-- A list-partitioned CUSTOMERS_APAC (by CREDIT_RATING, four partitions)
-- is exchanged WITH VALIDATION with the APAC partition of the list-list
-- CUSTOMERS (by REGION, subpartitioned by CREDIT_RATING from a template
-- of the same four lists): "the partitioning key in the customers_apac
-- table matches the subpartitioning key in the customers table". The
-- guide prints no figures: the exchange succeeds.
--
-- Added here, hand-checked (engine-wasm/core/tests/exchange_composite.rs):
-- five APAC customers (two P, one C, two E); after the exchange CUSTOMERS
-- has them, each in its credit rating's subpartition of APAC, and
-- CUSTOMERS_APAC has APAC's rows (none): 5 and 0. The segments traded,
-- not the rows: CUSTOMERS_APAC's partition POOR now has the DATA_OBJECT_ID
-- APAC_POOR had, and APAC_POOR its.

LAB VERSION 19c;

CREATE TABLE customers_apac
( id            NUMBER
, name          VARCHAR2(50)
, email         VARCHAR2(100)
, region        VARCHAR2(4)
, credit_rating VARCHAR2(1)
)
PARTITION BY LIST (credit_rating)
( PARTITION poor VALUES ('P')
, PARTITION mediocre VALUES ('C')
, PARTITION good VALUES ('G')
, PARTITION excellent VALUES ('E')
);

insert into customers_apac values (1, 'Ann', 'ann@example.com', 'APAC', 'P');
insert into customers_apac values (2, 'Bo', 'bo@example.com', 'APAC', 'P');
insert into customers_apac values (3, 'Cy', 'cy@example.com', 'APAC', 'C');
insert into customers_apac values (4, 'Di', 'di@example.com', 'APAC', 'E');
insert into customers_apac values (5, 'Ed', 'ed@example.com', 'APAC', 'E');
commit;

CREATE TABLE customers
( id            NUMBER
, name          VARCHAR2(50)
, email         VARCHAR2(100)
, region        VARCHAR2(4)
, credit_rating VARCHAR2(1)
)
PARTITION BY LIST (region)
SUBPARTITION BY LIST (credit_rating)
SUBPARTITION TEMPLATE
( SUBPARTITION poor VALUES ('P')
, SUBPARTITION mediocre VALUES ('C')
, SUBPARTITION good VALUES ('G')
, SUBPARTITION excellent VALUES ('E')
)
(PARTITION americas VALUES ('AMER')
, PARTITION emea VALUES ('EMEA')
, PARTITION apac VALUES ('APAC')
);

insert into customers values (6, 'Fay', 'fay@example.com', 'EMEA', 'G');
commit;

select data_object_id from user_objects where object_name = 'CUSTOMERS_APAC' and subobject_name = 'POOR';
select data_object_id from user_objects where object_name = 'CUSTOMERS' and subobject_name = 'APAC_POOR';

ALTER TABLE customers
EXCHANGE PARTITION apac
WITH TABLE customers_apac
WITH VALIDATION;

select count(*) from customers where region = 'APAC';
select count(*) from customers_apac;
select credit_rating, count(*) from customers where region = 'APAC' and credit_rating = 'E' group by credit_rating;
select data_object_id from user_objects where object_name = 'CUSTOMERS_APAC' and subobject_name = 'POOR';
select data_object_id from user_objects where object_name = 'CUSTOMERS' and subobject_name = 'APAC_POOR';
