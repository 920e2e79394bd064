select 1 from dual order by 1{{repeat 989: + 1}};
select count(*) from dual group by 1{{repeat 989: + 1}} having 1 = 1{{repeat 989: and 1 = 1}};
