/**
 * The feedback trait's one shape, `{key, params, cells, tone}`
 * (docs/architecture.md): a catalogue key, its parameters, the cells to mark
 * and the tone of the status line. One constructor, so every module that
 * tells the learner something builds the same shape.
 * @module feedback
 */

/**
 * A feedback trait value.
 * @param {string} key  a catalogue key (mc_widget/messages/en.json)
 * @param {Object} [params]  the key's parameters
 * @param {string} [tone]  `info`, `success`, `illegal` or `error`
 * @param {number[]} [cells]  cells to mark (an illegal pair)
 * @returns {{key: string, params: Object, cells: number[], tone: string}}
 */
export const feedback = (key, params = {}, tone = "info", cells = []) => ({
  key,
  params,
  cells,
  tone,
});
