-- Source: http://jb200.com/db/795.html
-- Author: jb200.com (脚本学堂, "oracle临时表", a note on Oracle temporary tables)
-- Release: not printed (any release from 8i; the syntax is 8i's)
-- The post's statements, without its Chinese comments after the last
-- query ("no rows shown, the data cleared automatically").
-- Published figures: after COMMIT the ON COMMIT DELETE ROWS table shows
-- no rows.
--
-- FIGURE rows @ insert into temp_dept = 1
-- FIGURE rows @ select * from temp_dept = 0

create global temporary table temp_dept
(dno number,
dname varchar2(10))
on commit delete rows;
insert into temp_dept values(10,'ABC');
commit;
select * from temp_dept;
