/**
 * The rules of the board in words, for the status line and the rules picker:
 * the pair rule, what "touching" means, the ranks that go alone or stay
 * ("pairs make 13; kings go alone"). Why apart: the status line and the
 * picker's note both say it, from the rules value alone (RULES.md, "Variants").
 * @module present/rules
 */
import { rankNames } from "../engine/index.js";

/**
 * The rules in a short phrase: the pair rule, then "same row or column" for
 * the `line` touching rule, the ranks that go alone and those that never pair.
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} rules  a rules value
 * @returns {string} e.g. "pairs make 13; kings go alone"
 */
export const ruleWords = (t, rules) =>
  [
    t(`rule.${rules.pair}`),
    rules.touching === "line" && t("rule.line"),
    rules.lone?.length > 0 && t("rule.lone", { ranks: rankNames(rules.lone) }),
    rules.stay?.length > 0 && t("rule.stay", { ranks: rankNames(rules.stay) }),
  ]
    .filter(Boolean)
    .join("; ");
