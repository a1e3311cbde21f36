// Practice in JavaScript (issue 21; docs/practice.md, "Figures"): exercises generated per
// second for each kind and level, and checkRecord on a 10-exercise mixed record.
// Run:  node benchmarks/practice.mjs [--seeds N]   (default 200; presets turn with the seed)
import { PRESETS, makeRules } from "../js/engine/index.js";
import { KINDS, generate } from "../js/practice/generate.js";
import { rightAnswer } from "../js/practice/check.js";
import { checkRecord, session } from "../js/practice/session.js";

const at = process.argv.indexOf("--seeds");
const seeds = at > 0 ? Number(process.argv[at + 1]) : 200;
if (!Number.isInteger(seeds) || seeds < 1) {
  console.error("usage: node benchmarks/practice.mjs [--seeds N]");
  process.exit(2);
}
console.log(`node ${process.version}; ${seeds} seeds per kind and level`);
for (const kind of KINDS) {
  const names = Object.keys(PRESETS).filter(
    (name) => kind !== "choose" || makeRules(name).touching === "eight",
  );
  const rates = [1, 2, 3].map((level) => {
    const start = performance.now();
    for (let seed = 0; seed < seeds; seed++)
      generate(kind, level, seed, names[seed % names.length]);
    return Math.round((seeds * 1000) / (performance.now() - start));
  });
  console.log(`${kind.padEnd(12)} ${rates.map((r) => String(r).padStart(7)).join(" ")} per second`);
}
const s = session({ kind: "mixed", level: 2, n: 10, seed: 2026, rules: "standard" });
while (s.current() !== null) s.answer(rightAnswer(s.current()), 12);
const record = s.record();
const start = performance.now();
for (let k = 0; k < 20; k++) checkRecord(record);
console.log(
  `checkRecord, 10 exercises (mixed, level 2): ${Math.round((performance.now() - start) / 20)} ms`,
);
