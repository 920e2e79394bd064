select count(*) from xmltable('1 to 9223372036854775807');
