// Engine speed of the JavaScript engine (js/engine): whole games per second
// under the same "first pair" policy as benchmarks/engine_speed.py.
//
// Also the milliseconds of one walkthrough(state) mid-way through a long
// game's fourth round (the front end calls it on every redraw).
//
// Run:  node benchmarks/engine_speed.mjs [--deals N]   (default 10000; a bare N works too)
// Prints figures; it asserts nothing.
import {
  apply,
  canConsolidate,
  legalPairs,
  newState,
  removedCount,
  status,
  walkthrough,
} from "../js/engine/index.js";

/**
 * The number of deals from the command line, like the Python script's
 * `--deals N` (also `--deals=N`, or a bare `N`).
 * @param {string[]} args  `process.argv.slice(2)`
 * @returns {number} a whole number ≥ 1; exits with a message for anything else
 */
function dealsFrom(args) {
  let text = "10000";
  if (args.length === 1 && args[0].startsWith("--deals=")) text = args[0].slice(8);
  else if (args.length === 2 && args[0] === "--deals") text = args[1];
  else if (args.length === 1) text = args[0];
  else if (args.length !== 0) text = "";
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) {
    console.error(`usage: node benchmarks/engine_speed.mjs [--deals N]  (got ${args.join(" ")})`);
    process.exit(2);
  }
  return n;
}

const deals = dealsFrom(process.argv.slice(2));
const rules = "standard";

function playFirstPair(deal) {
  let state = newState({ deal }, rules);
  while (status(state) === "playing") {
    const pairs = legalPairs(state);
    if (pairs.length) state = apply(state, { type: "remove", cells: pairs[0] });
    else if (canConsolidate(state)) state = apply(state, { type: "consolidate" });
    else state = apply(state, { type: "refill" });
  }
  return state;
}

const start = performance.now();
let wins = 0;
let removed = 0;
let actions = 0;
for (let deal = 0; deal < deals; deal++) {
  const state = playFirstPair(deal);
  wins += status(state) === "won";
  removed += removedCount(state);
  actions += state.history.length;
}
const seconds = (performance.now() - start) / 1000;
const fmt = (n) => Math.round(n).toLocaleString("en");
console.log(`node ${process.version}`);
console.log(`deals played:        ${deals} (deal numbers 0..${deals - 1})`);
console.log(`games per second:    ${fmt(deals / seconds)}`);
console.log(`actions per second:  ${fmt(actions / seconds)}`);
console.log(`win rate:            ${((100 * wins) / deals).toFixed(1)}% (${wins} won)`);
console.log(`mean cards removed:  ${(removed / deals).toFixed(1)} of 52`);

// walkthrough(state) on every redraw: a long game (deal 1000) played by
// single steps into its fourth round's consolidation, a new object each
// call so nothing is cached.
let long = newState({ deal: 1000 }, rules);
const midRound = (x) => x.round >= 4 && x.phase === "consolidate";
while (status(long) === "playing" && !midRound(long)) {
  const pairs = legalPairs(long);
  if (pairs.length) long = apply(long, { type: "remove", cells: pairs[0] });
  else if (canConsolidate(long)) long = apply(long, { type: "consolidate_step" });
  else long = apply(long, { type: "refill_step" });
}
const walkStart = performance.now();
for (let k = 0; k < 200; k++) walkthrough({ ...long });
const walkMs = (performance.now() - walkStart) / 200;
console.log(
  `walkthrough(state):  ${walkMs.toFixed(3)} ms (round ${long.round}, ${long.history.length} actions)`,
);
