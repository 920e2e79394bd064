-- Source: https://iggyfernandez.wordpress.com/2011/12/29/performance-of-recursive-subquery-factoring/
-- Author: Iggy Fernandez ("The way you write your query matters:
-- Performance comparison between CONNECT BY and recursive subquery
-- factoring", 29 Dec 2011)
-- Release: 11g (2011); the HR sample schema's EMPLOYEES table.
-- The first query of the post (the recursive WITH equivalent follows in
-- the post and is not whole in the stored copy). Published figure: the
-- HR schema's 107 employees, in hierarchy order (the post's own figures
-- are buffer gets of the two forms, not in the stored copy).
--
-- FIGURE rows @ select rpad(' ', 2 * (level - 1)) = 107

select
  rpad(' ', 2 * (level - 1)) || first_name || ' ' || last_name as name,
  emp.hire_date
from employees emp
start with emp.manager_id is null
connect by emp.manager_id = prior emp.employee_id
order siblings by hire_date;
