-- Source: https://velog.io/@swing-by/Oracle-DB-6.-Constraint
-- Author: swing-by (velog.io, "Oracle DB 6. Constraint")
-- Release: not stated (an Oracle Database of the 11g-19c era; USER_CONSTRAINTS
-- has these columns in every release since Oracle7)
-- Published figures: the INSERT of '' into the NOT NULL column fails
-- ("'' generates ERROR": in Oracle '' is NULL, ORA-01400); the second
-- INSERT runs; USER_CONSTRAINTS lists the NOT NULL column's constraint
-- with a system-generated name ("SYS_C... (auto-identified)") and
-- CONSTRAINT_TYPE C.
-- FIGURE error @ INSERT INTO ex2_6 #1 = "ORA-01400"
-- FIGURE error @ INSERT INTO ex2_6 #2 = "none"
-- FIGURE cell 1 2 @ SELECT = "C"
-- FIGURE contains @ SELECT = "SYS_C"
-- FIGURE contains @ SELECT = "IS NOT NULL"

/* Constraint */
-- Constraint is an object of a database
-- NOT NULL, UNIQUE, PRIAMARY KEY, FOREIGN KEY, etc...
/* NOT NULL */
CREATE TABLE ex2_6(
col_null VARCHAR2(10),
col_not_null VARCHAR2(10) NOT NULL
);
INSERT INTO ex2_6
VALUES
('AA', '') -- ''generates ERROR
;
INSERT INTO ex2_6
VALUES
('AA', 'BB')
;
/* Auto-identified Constraint by Oracle */
SELECT
constraint_name, -- SYS_C... (auto-identified)
constraint_type, -- C (Constraint)
table_name,
search_condition
FROM user_constraints -- System view
WHERE table_name = 'EX2_6'
;
