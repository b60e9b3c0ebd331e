'use client';
// A client component that loads the figure's module in the browser only (a dynamic import in an
// effect): the server renders the tag, the browser upgrades it once the module is there.
import { useEffect } from 'react';

export default function Heatmap() {
  useEffect(() => {
    import('normwave/figures/nw-pe-heatmap');
  }, []);
  return <nw-pe-heatmap d-model="64" seq-len="40" theme="dark" />;
}
