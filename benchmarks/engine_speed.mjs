// Engine speed of the JavaScript engine (js/engine): whole games per second
// under the same "first pair" policy as benchmarks/engine_speed.py.
//
// Run:  node benchmarks/engine_speed.mjs [deals]     (default 10000)
// Prints figures; it asserts nothing.
import {
  apply,
  canConsolidate,
  legalPairs,
  newState,
  removedCount,
  status,
} from "../js/engine/index.js";

const deals = Number(process.argv[2] ?? 10000);
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
