// A React consumer of normwave's JSX types (normwave/jsx), checked by tsc --strict against React
// 18's and 19's @types/react (tests/js/types-consumers.test.mjs). Lines marked @ts-expect-error
// must fail to type-check: each figure takes its own attributes, with their types.
import type {} from 'normwave/jsx';
import 'normwave/figures/nw-ln-simulator';

export const figures = (
  <article>
    <nw-ln-simulator
      mean={2}
      gamma="1.5"
      lang="en"
      theme="dark"
      no-share
      className="figure"
      onnw-change={(e) => console.log(e.detail['mean'])}
    >
      <p>LayerNorm recentres and rescales each vector.</p>
    </nw-ln-simulator>
    <nw-pe-heatmap d-model={128} seq-len="80" theme="auto" ref={(el) => el?.applyState({ dModel: '64' })} />
    <nw-encoder-stack layers={3} wiring="pre" final-norm />
  </article>
);

// @ts-expect-error an attribute the figure does not have
export const unknown = <nw-ln-simulator meen={2} />;
// @ts-expect-error theme is light, dark or auto
export const theme = <nw-ln-simulator theme="blue" />;
// @ts-expect-error wiring is post or pre
export const choice = <nw-encoder-stack wiring="sideways" />;
// @ts-expect-error a number attribute takes a number, not any string
export const notNumber = <nw-ln-simulator mean="two" />;
// @ts-expect-error multi-word attributes are written as attributes (d-model), not properties
export const property = <nw-pe-heatmap dModel={128} />;
