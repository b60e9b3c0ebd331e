// A server component: the page is rendered to HTML at build time, with the figures' tags (and the
// author's fallback text inside them) in it. Importing a figure's module here runs it in Node
// during that render: it defines nothing there, and the class is still exported.
import { NwPeHeatmap } from 'normwave/figures/nw-pe-heatmap';
import LnSimulator from './ln-simulator.jsx';
import Heatmap from './heatmap.jsx';

export default function Page() {
  return (
    <main>
      <h1>A post with two normwave figures</h1>
      <p id="server-import">{typeof NwPeHeatmap}</p>
      <LnSimulator />
      <Heatmap />
    </main>
  );
}
