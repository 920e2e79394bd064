-- Source: http://kayshav.com/channels/hierarchyAnalysisRoot.php
-- Author: kayshav.com ("Hierarchy analysis: CONNECT_BY_ROOT", Oracle SQL notes)
-- Release: not stated (CONNECT_BY_ROOT, CONNECT_BY_ISLEAF and NOCYCLE: 10g and later)
-- The query of the page (its Figure 1), run for the three starting
-- employees the page shows (its Figures 2 to 4), the substitution
-- variable &i_emp set by DEFINE before each run (the query pasted once
-- per run).
-- Published figures (the page's text about its Figures 2 to 4):
--   START WITH 100: "there are five levels (four below 100)"; 100 "has
--     no manager" so "The ROOT manager is NULL"; 100 is the ROOT employee.
--   START WITH 102: "there are three levels and two levels below 102";
--     "ROOT manager points to manager of 102, which is 101".
--   START WITH 1001: "there are two levels and only one level below 1001";
--     its ROOT manager is 1001's manager, 102.
-- Hand-checked (the twelve rows of Q_TAB): from 100 the walk is 100, 101,
-- 102, then 1001 (1004, 1005), 1002 (1006, 1007), 1003 (1008, 1009) with
-- ORDER SIBLINGS BY emp_no: 12 rows, the last 1009 at level 5; from 102,
-- 10 rows; from 1001, 3 rows (1001, 1004, 1005). The lab's plan: VIEW of
-- the UNION (SORT UNIQUE over twelve FAST DUALs) under CONNECT BY NO
-- FILTERING WITH START-WITH (Oracle's 10g+ form without an index to
-- filter with; the page shows no plan).
set verify off
define i_emp = 100
SELECT q_tab.emp_no, q_tab.Mgr_No,
  CONNECT_BY_ROOT q_tab.emp_no root_emp,
  CONNECT_BY_ROOT q_tab.mgr_no root_mgr,
  SUBSTR(SYS_CONNECT_BY_PATH(q_tab.emp_no,' <-- '),6) management_hierarchy,
  CONNECT_BY_ISLEAF is_leaf, LEVEL
FROM
  (SELECT 1 no, 1001 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 2 no, 1002 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 3 no, 1003 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 4 no, 1004 emp_no, 1001 mgr_no FROM DUAL UNION
   SELECT 5 no, 1005 emp_no, 1001 mgr_no FROM DUAL UNION
   SELECT 6 no, 1006 emp_no, 1002 mgr_no FROM DUAL UNION
   SELECT 7 no, 1007 emp_no, 1002 mgr_no FROM DUAL UNION
   SELECT 8 no, 1008 emp_no, 1003 mgr_no FROM DUAL UNION
   SELECT 9 no, 1009 emp_no, 1003 mgr_no FROM DUAL UNION
   Select 10 No, 101 Emp_No, 100 Mgr_No From Dual Union
   Select 11 No, 102 Emp_No, 101 Mgr_No From Dual Union
   Select 12 No, 100 Emp_No, null Mgr_No From Dual) Q_Tab
START WITH q_tab.emp_no = &i_emp
CONNECT BY NOCYCLE PRIOR q_tab.emp_no = q_tab.mgr_no
ORDER SIBLINGS BY q_tab.emp_no;

define i_emp = 102
SELECT q_tab.emp_no, q_tab.Mgr_No,
  CONNECT_BY_ROOT q_tab.emp_no root_emp,
  CONNECT_BY_ROOT q_tab.mgr_no root_mgr,
  SUBSTR(SYS_CONNECT_BY_PATH(q_tab.emp_no,' <-- '),6) management_hierarchy,
  CONNECT_BY_ISLEAF is_leaf, LEVEL
FROM
  (SELECT 1 no, 1001 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 2 no, 1002 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 3 no, 1003 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 4 no, 1004 emp_no, 1001 mgr_no FROM DUAL UNION
   SELECT 5 no, 1005 emp_no, 1001 mgr_no FROM DUAL UNION
   SELECT 6 no, 1006 emp_no, 1002 mgr_no FROM DUAL UNION
   SELECT 7 no, 1007 emp_no, 1002 mgr_no FROM DUAL UNION
   SELECT 8 no, 1008 emp_no, 1003 mgr_no FROM DUAL UNION
   SELECT 9 no, 1009 emp_no, 1003 mgr_no FROM DUAL UNION
   Select 10 No, 101 Emp_No, 100 Mgr_No From Dual Union
   Select 11 No, 102 Emp_No, 101 Mgr_No From Dual Union
   Select 12 No, 100 Emp_No, null Mgr_No From Dual) Q_Tab
START WITH q_tab.emp_no = &i_emp
CONNECT BY NOCYCLE PRIOR q_tab.emp_no = q_tab.mgr_no
ORDER SIBLINGS BY q_tab.emp_no;

define i_emp = 1001
SELECT q_tab.emp_no, q_tab.Mgr_No,
  CONNECT_BY_ROOT q_tab.emp_no root_emp,
  CONNECT_BY_ROOT q_tab.mgr_no root_mgr,
  SUBSTR(SYS_CONNECT_BY_PATH(q_tab.emp_no,' <-- '),6) management_hierarchy,
  CONNECT_BY_ISLEAF is_leaf, LEVEL
FROM
  (SELECT 1 no, 1001 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 2 no, 1002 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 3 no, 1003 emp_no, 102 mgr_no FROM DUAL UNION
   SELECT 4 no, 1004 emp_no, 1001 mgr_no FROM DUAL UNION
   SELECT 5 no, 1005 emp_no, 1001 mgr_no FROM DUAL UNION
   SELECT 6 no, 1006 emp_no, 1002 mgr_no FROM DUAL UNION
   SELECT 7 no, 1007 emp_no, 1002 mgr_no FROM DUAL UNION
   SELECT 8 no, 1008 emp_no, 1003 mgr_no FROM DUAL UNION
   SELECT 9 no, 1009 emp_no, 1003 mgr_no FROM DUAL UNION
   Select 10 No, 101 Emp_No, 100 Mgr_No From Dual Union
   Select 11 No, 102 Emp_No, 101 Mgr_No From Dual Union
   Select 12 No, 100 Emp_No, null Mgr_No From Dual) Q_Tab
START WITH q_tab.emp_no = &i_emp
CONNECT BY NOCYCLE PRIOR q_tab.emp_no = q_tab.mgr_no
ORDER SIBLINGS BY q_tab.emp_no;
