alter system set memoptimize_pool_size = 9223372036854775807 scope=spfile;
alter system set db_cache_size = 1 scope=spfile;
alter system set db_keep_cache_size = 1e12 scope=spfile;
shutdown immediate
startup
select 1 from dual;
