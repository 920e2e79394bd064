-- The SQL of ../../../shared/seeds/harrison-jdbc-ssd-exadata-redo-r.txt that
-- a database runs (the rest is Java, R, CellCLI and ASM). The redo log
-- statements (ALTER DATABASE ADD LOGFILE ... BLOCKSIZE 4096) belong to the
-- storage tiers and are not here yet.
ALTER SYSTEM SET "_disk_sector_size_override"=TRUE SCOPE=BOTH;
SELECT cpu_time cpu,elapsed_time ela,disk_reads phys,
                                  buffer_gets bg,sorts sorts
                             FROM V$SQL ;
