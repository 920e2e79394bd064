// `npm run difftest`: random tables and queries over LIO Lab's SQL subset,
// run in the wasm engine and in SQLite (better-sqlite3), rows compared.
// Exit code 1 on any mismatch. See scripts/difftest/gen.mjs for the subset
// and the dialect translations.
//
//   npm run difftest -- --queries 100000 --seed 7
//   npm run difftest -- --queries 2000 --seed 3 --show 5 --per-world 40
//   npm run difftest -- --seed 11 --dump /tmp/world.sql   (each world's script,
//     written before it runs: the last one is the world that trapped)
import { runDifftest } from './difftest/runner.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const queries = opt('queries', 10000);
const seed = opt('seed', 1);
const perWorld = opt('per-world', 50);
const show = opt('show', 10);
const dumpAt = args.indexOf('--dump');
const dumpTo = dumpAt >= 0 ? args[dumpAt + 1] : undefined;
// --dump-world N: write only world N's script (a mismatch's, reported by world).
const dumpWorld = opt('dump-world', undefined);

const res = await runDifftest({
  queries,
  seed,
  perWorld,
  maxReported: show,
  dumpTo,
  dumpWorld,
  onProgress: (n) => {
    if (n % 10000 < perWorld) process.stderr.write(`  ${n} queries\n`);
  },
});
for (const m of res.mismatches) {
  console.log(`--- world ${m.world} query ${m.n}: ${m.why}`);
  console.log(`oracle: ${m.oracle}`);
  console.log(`sqlite: ${m.sqlite}`);
  if (m.engine) console.log(`engine rows: ${JSON.stringify(m.engine)}`);
  if (m.reference) console.log(`sqlite rows: ${JSON.stringify(m.reference)}`);
}
console.log(
  `difftest: ${res.cases} queries (seed ${seed}, ${res.nonEmpty} with rows), ${res.mismatchCount} mismatches, ${res.liteErrors} SQLite errors, ${(res.ms / 1000).toFixed(1)} s`,
);
process.exit(res.mismatchCount || res.liteErrors ? 1 : 0);
