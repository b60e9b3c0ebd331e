// What the build gives Lit's "node" builds in place of @lit-labs/ssr-dom-shim (scripts/build-web.mjs,
// litForNode): where there is no DOM, elements extend a bare class and nothing is registered.
// In a browser Lit uses the real HTMLElement and customElements; these are never reached.
export const HTMLElement = class {};
export const customElements = undefined;
