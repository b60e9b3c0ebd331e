'use client';
// A client component that imports the figure's module: the server render imports it too (no DOM
// there), the browser registers <nw-ln-simulator> and upgrades the server-rendered tag. The
// reader's changes arrive as nw-change events, listened to through a ref (React 19 attaches an
// onnw-change prop only on a client render, not when it hydrates server HTML).
import { useEffect, useRef, useState } from 'react';
import 'normwave/figures/nw-ln-simulator';

export default function LnSimulator() {
  const figure = useRef(null);
  const [state, setState] = useState(null);
  useEffect(() => {
    const el = figure.current;
    const onChange = (e) => setState(e.detail);
    el.addEventListener('nw-change', onChange);
    return () => el.removeEventListener('nw-change', onChange);
  }, []);
  return (
    <section>
      <nw-ln-simulator ref={figure} mean="2" gamma="1.5">
        <p className="fallback">LayerNorm recentres and rescales each vector.</p>
      </nw-ln-simulator>
      <output id="reader-state">{state ? JSON.stringify(state) : ''}</output>
    </section>
  );
}
