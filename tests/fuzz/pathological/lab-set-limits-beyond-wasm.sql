LAB SET max_memory_mb = 100000;
LAB SET max_statement_work = 1e30;
LAB SET max_script_work = 1e30;
