// The frame of a figure's SVG chart: the chart's size, the margins that hold the axis labels, and
// the plot area inside them. Drawing code maps data into [ml, ml + pw] × [mt, mt + ph].

/**
 * @param {number} W the chart's width in px
 * @param {number} H its height
 * @param {{ left?: number, right?: number, top?: number, bottom?: number }} [margins]
 * @returns {{ W: number, H: number, ml: number, mr: number, mt: number, mb: number, pw: number, ph: number }}
 */
export function plotFrame(W, H, { left = 40, right = 12, top = 14, bottom = 34 } = {}) {
  return { W, H, ml: left, mr: right, mt: top, mb: bottom, pw: W - left - right, ph: H - top - bottom };
}
