select count(*) from dual where exists (select 1 from dual){{repeat 824: and exists (select 1 from dual)}};
