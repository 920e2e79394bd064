select 1{{repeat 4349: * 1}} from dual;
