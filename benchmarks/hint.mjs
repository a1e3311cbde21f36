// Fair hints per second in the JavaScript engine (js/engine/hint.js), as
// benchmarks/hint.py measures Python's: each deal is played to the end by
// following the fair hint, and every fairHint call is timed on the fresh
// state apply made (nothing cached). The hints of the remove phase with a
// legal pair are the ones that score plans.
//
// Run:  node benchmarks/hint.mjs [--deals N] [--rules PRESET]   (default 1000, standard)
// Prints figures; it asserts nothing.
import { PRESETS, apply, fairHint, newState, status } from "../js/engine/index.js";

const USAGE = "usage: node benchmarks/hint.mjs [--deals N] [--rules PRESET]";

/** `--deals N` and `--rules R` (also `--deals=N`, `--rules=R`); exits with the usage otherwise. */
function options(args) {
  const found = { deals: "1000", rules: "standard" };
  for (let k = 0; k < args.length; k++) {
    const [name, inline] = args[k].split("=", 2);
    const key = { "--deals": "deals", "--rules": "rules" }[name];
    const value = inline ?? args[++k];
    if (key === undefined || value === undefined) fail(args);
    found[key] = value;
  }
  if (!/^\d+$/.test(found.deals) || Number(found.deals) < 1) fail(args);
  if (!Object.keys(PRESETS).includes(found.rules)) fail(args);
  return { deals: Number(found.deals), rules: found.rules };
}

function fail(args) {
  console.error(`${USAGE}  (got ${args.join(" ")})`);
  process.exit(2);
}

const { deals, rules } = options(process.argv.slice(2));
const times = []; // ms per hint that scores plans
let other = 0;
let others = 0;
let wins = 0;
const start = performance.now();
for (let deal = 0; deal < deals; deal++) {
  let state = newState({ deal }, rules);
  for (;;) {
    const t0 = performance.now();
    const hint = fairHint(state);
    const spent = performance.now() - t0;
    if (hint === null) break;
    if (/^hint\.(remove|consolidate-keep)/.test(hint.key)) times.push(spent);
    else {
      other += spent;
      others++;
    }
    state = apply(state, hint.action);
  }
  wins += status(state) === "won";
}
const seconds = (performance.now() - start) / 1000;
const planMs = times.reduce((a, b) => a + b, 0);
const sorted = times.slice().sort((a, b) => a - b);
const fmt = (n) => Math.round(n).toLocaleString("en");
console.log(`node ${process.version}`);
console.log(`rules, deals:        ${rules}, ${deals} (deal numbers 0..${deals - 1})`);
console.log(
  `fair hints:          ${fmt(times.length + others)} (${fmt(times.length)} scoring plans)`,
);
console.log(
  `hints per second:    ${fmt((1000 * (times.length + others)) / (planMs + other))} (all phases)`,
);
console.log(`plan hints / second: ${fmt((1000 * times.length) / planMs)}`);
console.log(
  `plan hint ms:        median ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(3)}, ` +
    `p99 ${sorted[Math.floor(0.99 * (sorted.length - 1))].toFixed(3)}, max ${sorted.at(-1).toFixed(1)}`,
);
console.log(
  `games per second:    ${(deals / seconds).toFixed(1)} (hint + apply, the fair-hint policy)`,
);
console.log(`win rate:            ${((100 * wins) / deals).toFixed(1)}% (${wins} won)`);
