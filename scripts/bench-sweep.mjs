// `node scripts/bench-sweep.mjs [--json] [--repeats N]`: a 20-point LAB SWEEP
// through the CLI (`lio run`), serial (LIO_SWEEP_WORKERS=1: the engine runs
// the points one after another) against parallel (the default: worker
// threads, one a core, at most 4). Each mode runs in its own process, best
// of N, with the process's peak RSS (engine worker and sweep workers
// included). The two outputs must be byte-identical.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SWEEP_SCRIPT = `-- 20-point HASHKEYS sweep: each point replays the scenario and runs the lookups
create cluster c (key integer) size 256 single table hashkeys 100;
create table t (key integer not null, value varchar2(30 char) not null, constraint t_pk primary key (key)) cluster c (key);
insert into t select level, 'v' || level from dual connect by level <= 20000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')
LAB SWEEP HASHKEYS FROM 500 TO 10000 STEP 500 RUN 'select value from t where key = :1' BIND 1 TO 5000 VIA jdbc_thin RUNS 3;
`;

const args = process.argv.slice(2);
if (args[0] === '--child') {
  // One run in this process: time and peak RSS of `lio run`.
  const { main } = await import('../electron/cli.mjs');
  let out = '';
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const code = await main(['run', args[1]], { out: (s) => (out += s), err: (s) => process.stderr.write(s) });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  // CPU time of every thread of the process: the work done, whatever the machine's load.
  const cpuMs = (c.user + c.system) / 1000;
  process.stdout.write(JSON.stringify({ code, ms, cpuMs, maxRssMb: process.resourceUsage().maxRSS / 1024, out }) + '\n');
  process.exit(0);
}
const json = args.includes('--json');
const ri = args.indexOf('--repeats');
const repeats = ri >= 0 ? Number(args[ri + 1]) : 3;
const dir = mkdtempSync(path.join(os.tmpdir(), 'lio-bench-sweep-'));
const file = path.join(dir, 'sweep.sql');
writeFileSync(file, SWEEP_SCRIPT);
/** @param {string} workers */
const once = (workers) => {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', file], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, LIO_SWEEP_WORKERS: workers },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
const best = (workers) => {
  let b = null;
  for (let i = 0; i < repeats; i++) {
    const r = once(workers);
    if (r.code !== 0) throw new Error(`lio run exited ${r.code}`);
    if (!b || r.ms < b.ms) b = { ...r, maxRssMb: Math.max(r.maxRssMb, b?.maxRssMb ?? 0) };
    else b.maxRssMb = Math.max(b.maxRssMb, r.maxRssMb);
  }
  return b;
};
try {
  const serial = best('1');
  const parallel = best('');
  // The timings differ per run only in the header; the steps must not.
  const same = serial.out === parallel.out;
  const res = {
    points: 20,
    cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length,
    serial_ms: Math.round(serial.ms), parallel_ms: Math.round(parallel.ms),
    serial_cpu_ms: Math.round(serial.cpuMs), parallel_cpu_ms: Math.round(parallel.cpuMs),
    load_average: +os.loadavg()[0].toFixed(1),
    speedup: +(serial.ms / parallel.ms).toFixed(2),
    serial_peak_rss_mb: Math.round(serial.maxRssMb), parallel_peak_rss_mb: Math.round(parallel.maxRssMb),
    identical_output: same,
  };
  if (json) console.log(JSON.stringify(res));
  else {
    console.log(`20-point sweep, lio run, best of ${repeats} (${res.cores} cores, load average ${res.load_average}):`);
    console.log(`  serial    ${res.serial_ms} ms wall, ${res.serial_cpu_ms} ms CPU, peak RSS ${res.serial_peak_rss_mb} MB`);
    console.log(`  parallel  ${res.parallel_ms} ms wall, ${res.parallel_cpu_ms} ms CPU, peak RSS ${res.parallel_peak_rss_mb} MB  (x${res.speedup} wall)`);
    console.log(`  output identical: ${same ? 'yes' : 'NO'}`);
  }
  if (!same) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
