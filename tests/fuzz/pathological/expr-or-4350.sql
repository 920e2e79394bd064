select 1 from dual where 1 = 1{{repeat 4349: or 1 = 1}};
