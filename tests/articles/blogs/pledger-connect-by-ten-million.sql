-- Source: https://www.kelvinpledger.com/the-geek-stuff/i-need-more-data-scotty
-- Author: Kelvin Pledger ("I need more data Scotty")
-- Release: not stated (11g-era DBMS_XPLAN layout)
-- Published figures: the ten-million-row CONNECT BY fails with
--   ORA-30009: Not enough memory for CONNECT BY operation
-- ("for the machine I was working on, this was 2,392,762 records"); its
-- plan: SORT AGGREGATE, VIEW, COUNT, CONNECT BY WITHOUT FILTERING, FAST
-- DUAL, with the filter ROWNUM<=10000000 on line 4.
-- The lab's row generators stop earlier (LAB-00030), which is the
-- honest refusal of the same statement; the figure records Oracle's code.
--
-- FIGURE error @ select count(*) from (select rownum from dual connect by rownum <= 10000000) = "ORA-30009"

set timing on
set autotrace on

select count(*) from (select rownum from dual connect by rownum <= 10000000);
