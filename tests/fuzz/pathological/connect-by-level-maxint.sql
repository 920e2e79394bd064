select level from dual connect by level <= 9223372036854775807;
