// The harness's own rule for the error log (no browser needed): a page passes only when every
// console error, page error and CSP violation it logged was declared, and every declared one occurred.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertLogClean } from './harness.mjs';

const entry = (log, expectErrors = []) => ({
  log: { consoleErrors: [], pageErrors: [], failedRequests: [], violations: [], ...log },
  expectErrors,
  url: () => 'http://127.0.0.1/page',
});

test('a page that logged nothing passes; failed requests are left to the test', () => {
  assertLogClean(entry({ failedRequests: ['http://127.0.0.1/x.png: HTTP 404'] }));
});

test('an undeclared console error, page error or CSP violation fails, naming the page and the error', () => {
  for (const log of [
    { consoleErrors: ['Failed to load resource'] },
    { pageErrors: ['TypeError: x is undefined'] },
    { violations: ['script-src wasm-eval'] },
  ]) {
    assert.throws(() => assertLogClean(entry(log)), /errors logged by http:\/\/127\.0\.0\.1\/page/);
  }
});

test('declared errors pass when they occur, and fail when they do not', () => {
  const declared = [/^CSP violation: script-src wasm-eval$/];
  assertLogClean(entry({ violations: ['script-src wasm-eval', 'script-src wasm-eval'] }, declared));
  assert.throws(() => assertLogClean(entry({}, declared)), /errors http:\/\/127\.0\.0\.1\/page was declared to log/);
  assert.throws(
    () => assertLogClean(entry({ violations: ['script-src wasm-eval'], pageErrors: ['Error: boom'] }, declared)),
    /errors logged by/,
  );
});
