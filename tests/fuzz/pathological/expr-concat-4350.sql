select 'a'{{repeat 4349: || 'a'}} from dual;
