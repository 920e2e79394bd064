-- Source: https://oracle-base.com/articles/11g/recursive-subquery-factoring-11gr2
-- Author: Tim Hall (ORACLE-BASE, "Recursive Subquery Factoring :
-- Hierarchical Queries Using Recursive WITH Clauses")
-- Release: 11.2
-- The article's setup and its first queries (the stored copy shows the
-- setup and the start of the basic query; the rest as the article's
-- tree implies). Published figures: the tree of 12 rows; depth first
-- by id is 1..12 in order; breadth first by id 1, 2, 7, 9, 3, 4, 8,
-- 10, 12, 5, 6, 11 (engine-wasm/core/tests/recwith_grouping.rs asserts
-- the orders).
--
-- FIGURE rows @ WITH t1(id, parent_id) AS = 12
-- FIGURE rows @ WITH t1(id, parent_id, lvl) AS #1 = 12
-- FIGURE cell 4 1 @ WITH t1(id, parent_id, lvl) AS #1 = 4
-- FIGURE cell 4 1 @ WITH t1(id, parent_id, lvl) AS #2 = 9

DROP TABLE tab1 PURGE;

CREATE TABLE tab1 (
  id        NUMBER,
  parent_id NUMBER,
  CONSTRAINT tab1_pk PRIMARY KEY (id),
  CONSTRAINT tab1_tab1_fk FOREIGN KEY (parent_id) REFERENCES tab1(id)
);

CREATE INDEX tab1_parent_id_idx ON tab1(parent_id);

INSERT INTO tab1 VALUES (1, NULL);
INSERT INTO tab1 VALUES (2, 1);
INSERT INTO tab1 VALUES (3, 2);
INSERT INTO tab1 VALUES (4, 2);
INSERT INTO tab1 VALUES (5, 4);
INSERT INTO tab1 VALUES (6, 4);
INSERT INTO tab1 VALUES (7, 1);
INSERT INTO tab1 VALUES (8, 7);
INSERT INTO tab1 VALUES (9, 1);
INSERT INTO tab1 VALUES (10, 9);
INSERT INTO tab1 VALUES (11, 10);
INSERT INTO tab1 VALUES (12, 9);
COMMIT;

SET PAGESIZE 20 LINESIZE 110

WITH t1(id, parent_id) AS (
  -- Anchor member.
  SELECT id,
         parent_id
  FROM   tab1
  WHERE  parent_id IS NULL
  UNION ALL
  -- Recursive member.
  SELECT t2.id,
         t2.parent_id
  FROM   tab1 t2, t1
  WHERE  t2.parent_id = t1.id
)
SELECT id,
       parent_id
FROM   t1;

WITH t1(id, parent_id, lvl) AS (
  SELECT id, parent_id, 1 AS lvl
  FROM   tab1
  WHERE  parent_id IS NULL
  UNION ALL
  SELECT t2.id, t2.parent_id, lvl+1
  FROM   tab1 t2, t1
  WHERE  t2.parent_id = t1.id
)
SEARCH DEPTH FIRST BY id SET order1
SELECT id, parent_id, RPAD('.', (lvl-1)*2, '.') || id AS tree, lvl
FROM t1
ORDER BY order1;

WITH t1(id, parent_id, lvl) AS (
  SELECT id, parent_id, 1 AS lvl
  FROM   tab1
  WHERE  parent_id IS NULL
  UNION ALL
  SELECT t2.id, t2.parent_id, lvl+1
  FROM   tab1 t2, t1
  WHERE  t2.parent_id = t1.id
)
SEARCH BREADTH FIRST BY id SET order1
SELECT id, parent_id, RPAD('.', (lvl-1)*2, '.') || id AS tree, lvl
FROM t1
ORDER BY order1;
