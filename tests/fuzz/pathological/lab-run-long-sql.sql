LAB RUN 'select {{repeat 100000:x}} from dual';
