// benchmarks/engine_speed.mjs takes its deal count like the Python script
// (`--deals N`); it once read process.argv[2] as the number and printed NaN.
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SCRIPT = fileURLToPath(new URL("../../benchmarks/engine_speed.mjs", import.meta.url));

describe("benchmarks/engine_speed.mjs arguments", () => {
  test.each([[["--deals", "3"]], [["--deals=3"]], [["3"]]])("%j plays deals 0..2", (args) => {
    const out = execFileSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
    expect(out).toContain("deals played:        3 (deal numbers 0..2)");
    expect(out).not.toContain("NaN");
  });

  test.each([[["--deals", "x"]], [["--dealz", "3"]], [["--deals", "0"]]])(
    "%j is refused with the usage",
    (args) => {
      const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("usage: node benchmarks/engine_speed.mjs [--deals N]");
    },
  );
});
