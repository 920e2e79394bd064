// `npm run fuzz`: feed the wasm engine generated scripts and report, per
// family and in total, cases run, cases/second, traps, hangs and other
// failures. Exit code 1 when any trap, hang or failure occurred.
//
//   npm run fuzz -- --seconds 60                 all families, one minute
//   npm run fuzz -- --family pathological        every corpus case once
//   npm run fuzz -- --cases 500 --seed 7 --workers 2 --timeout-ms 5000
//   npm run fuzz -- --case mutated:42 --seed 7   regenerate and run one case
//   npm run fuzz -- --replay tests/fuzz/failures/mutated-42.sql
//   npm run fuzz -- --json                       one JSON document on stdout
//
// Families: random, truncated, mutated, generated, pathological (see
// scripts/fuzz/families.mjs and tests/fuzz/README.md). Each failing case is
// written to tests/fuzz/failures/<family>-<n>.sql (exactly the script) with
// <family>-<n>.txt (the reason); the directory is cleared at each run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';
import { runFuzz, formatSummary, shrinkScript, ROOT } from './fuzz/runner.mjs';
import { FAMILIES, pathologicalCases, makeCase } from './fuzz/families.mjs';

const USAGE = `usage: npm run fuzz -- [--seconds S] [--cases N] [--family NAME[,NAME]] [--seed N]
                     [--timeout-ms N] [--workers N] [--json] [--case FAMILY:N ...]
                     [--replay FILE ...] [--shrink [--shrink-seconds S]] [--recycle-mb N] [--quiet]
--shrink minimises each --case/--replay script that fails (same cause) and
writes it next to the failure as <name>.min.sql.
families: ${FAMILIES.join(', ')}
Without --cases or --seconds the run lasts 60 seconds (--family pathological:
every corpus case once).`;

function parseArgs(argv) {
  const o = { families: [], only: [], json: false, quiet: false };
  const num = (name, v) => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < 0) throw new Error(`${name} needs a non-negative number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const val = () => inline ?? argv[++i];
    switch (flag) {
      case '--cases': o.cases = num(flag, val()); break;
      case '--seconds': o.seconds = num(flag, val()); break;
      case '--family': case '--families': o.families.push(...String(val()).split(',').filter(Boolean)); break;
      case '--seed': o.seed = num(flag, val()); break;
      case '--timeout-ms': o.timeoutMs = num(flag, val()); break;
      case '--workers': o.workers = num(flag, val()); break;
      case '--recycle-mb': o.recycleMb = num(flag, val()); break;
      case '--json': o.json = true; break;
      case '--shrink': o.shrink = true; break;
      case '--shrink-seconds': o.shrinkSeconds = num(flag, val()); break;
      case '--quiet': o.quiet = true; break;
      case '--case': {
        const [family, n] = String(val()).split(':');
        if (family === 'pathological' && !/^\d+$/.test(n)) {
          const idx = pathologicalCases(ROOT).findIndex((c) => c.name === n);
          if (idx < 0) throw new Error(`no pathological case named '${n}'`);
          o.only.push({ family, n: idx });
        } else {
          o.only.push({ family, n: num('--case', n) });
        }
        break;
      }
      case '--replay': {
        const file = val();
        o.only.push({ family: 'replay', n: o.only.length, name: path.basename(file), script: readFileSync(file, 'utf8') });
        break;
      }
      case '-h': case '--help': console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown option '${a}'\n${USAGE}`);
    }
  }
  if (o.workers != null) o.workers = Math.max(1, Math.floor(o.workers));
  // Default: 60 s; the pathological family alone runs its whole corpus.
  const corpusOnly = o.families.length > 0 && o.families.every((f) => f === 'pathological');
  if (o.cases == null && o.seconds == null && o.only.length === 0 && !corpusOnly) o.seconds = 60;
  return o;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`fuzz: ${e.message}`);
  process.exit(2);
}

if (opts.shrink) {
  if (opts.only.length === 0) {
    console.error('fuzz: --shrink needs --case or --replay');
    process.exit(2);
  }
  const dir = path.join(ROOT, 'tests', 'fuzz', 'failures');
  mkdirSync(dir, { recursive: true });
  let failed = 0;
  for (const c of opts.only) {
    const full = c.script != null ? c : makeCase(c.family, c.n, opts.seed ?? 1, ROOT);
    const r = await shrinkScript(full.script, { timeoutMs: opts.timeoutMs, seconds: opts.shrinkSeconds ?? 60 });
    if (!r.cause) {
      console.log(`OK      ${full.name}: does not fail; nothing to shrink`);
      continue;
    }
    failed++;
    const out = path.join(dir, `${full.family === 'replay' ? full.name.replace(/\.sql$/, '') : `${full.family}-${full.n}`}.min.sql`);
    writeFileSync(out, r.script);
    console.log(`${r.cause}\n  ${full.script.length} -> ${r.script.length} chars in ${r.tries} runs: ${path.relative(ROOT, out)}\n${r.script.length <= 3000 ? r.script : ''}`);
  }
  process.exit(failed ? 1 : 0);
}

const failuresDir = opts.only.some((c) => c.family === 'replay') ? null : path.join(ROOT, 'tests', 'fuzz', 'failures');
let shown = 0;
const res = await runFuzz({
  ...opts,
  only: opts.only.length ? opts.only : undefined,
  failuresDir,
  onResult: (r) => {
    if (opts.quiet) return;
    if (r.outcome !== 'ok' || opts.only.length) {
      shown++;
      const where = r.file ? `  -> ${r.file}` : '';
      // Progress on stdout (stderr under --json, so stdout stays one document).
      (opts.json ? console.error : console.log)(`${r.outcome.toUpperCase().padEnd(7)} ${r.name} (${r.ms} ms) ${r.cause ?? ''}${where}`);
    }
  },
});

const code = res.total.traps + res.total.hangs + res.total.failures === 0 ? 0 : 1;
const text = opts.json ? JSON.stringify(res, null, 2) + '\n' : (shown ? '\n' : '') + formatSummary(res) + '\n';
// Exit once stdout has taken everything (a pipe is asynchronous).
process.stdout.write(text, () => process.exit(code));
