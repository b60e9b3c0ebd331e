// Shared by the tests that build apps as their users do (next.test.mjs, astro.test.mjs,
// vite.test.mjs): the consumer folders scripts/setup.sh --consumers installs, the packed package
// put into an app's node_modules, a dev or production server run as a child process, and the
// check that an app's figures draw, pass their PyTorch parity badge and react to a slider.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './harness.mjs';
import { pixels, setSlider } from './figures.mjs';
import { packedPackage } from '../package.mjs';

/** build/consumers/<name>, installed from tests/consumers/<name>/ (its package.json and lockfile). */
export function consumer(name) {
  const dir = path.join(REPO_ROOT, 'build/consumers', name);
  assert.ok(
    fs.existsSync(path.join(dir, 'node_modules/.package-lock.json')),
    `${dir} is not installed: run bash scripts/setup.sh --consumers`,
  );
  return dir;
}

/** Copies tests/consumers/<name>/<files> into the app and the packed package into its node_modules. */
export function layOut(app, name, files) {
  for (const f of files) {
    fs.rmSync(path.join(app, f), { recursive: true, force: true });
    fs.cpSync(path.join(REPO_ROOT, 'tests/consumers', name, f), path.join(app, f), { recursive: true });
  }
  const target = path.join(app, 'node_modules/normwave');
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(packedPackage().dir, target, { recursive: true });
}

/** A free port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Servers started by serve() and not yet stopped: killed if the test process exits first. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/** Signals the child's process group (the server and what it spawned, e.g. esbuild). */
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

// Colour codes split a printed URL (picocolors turns colour on when CI is set); matched without them.
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * Runs `node script args` in cwd until stop(); resolves once its output matches `ready`
 * (rejects if it exits first, or after 60 s, when the server is killed). Output is kept for the
 * failure message. The server runs in a process group of its own, so stop() ends its children too.
 */
export function serve(script, args, { cwd, env = {}, ready }) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const hard = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(hard);
        done();
      });
      killGroup(child, 'SIGTERM');
    });
  child.once('exit', () => {
    running.delete(child);
    killGroup(child, 'SIGKILL');
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`not ready after 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk) => {
      output += String(chunk).replace(ANSI, '');
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/**
 * Opens url in a page of its own (h: the describeFigure() harness, which checks the page's errors
 * and closes it) and checks that each figure (tag) draws from the library, passes its parity badge
 * and redraws when a slider moves (`slider`: { tag: [control, value] }). Resolves to { page, log }.
 */
export async function figuresWork(h, url, tags, { slider = {}, colorScheme = 'light' } = {}) {
  const { page, log } = await h.open(url, { width: 1000, height: 900, colorScheme, ownContext: true });
  for (const tag of tags) {
    const fig = page.locator(tag);
    await fig.scrollIntoViewIfNeeded();
    await fig.locator('[data-readout]').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      (t) => {
        const badges = [...document.querySelector(t).shadowRoot.querySelectorAll('[data-parity]')];
        return badges.length > 0 && badges.every((b) => b.hasAttribute('data-ok'));
      },
      tag,
      { timeout: 30_000 },
    );
    const badges = await fig.evaluate((el) =>
      [...el.shadowRoot.querySelectorAll('[data-parity]')].map((b) => `${b.dataset.parity}:${b.dataset.ok}`),
    );
    assert.ok(
      badges.every((b) => b.endsWith(':true')),
      `${tag} parity: ${badges}`,
    );
    if (slider[tag]) {
      const before = await pixels(fig);
      await setSlider(fig, ...slider[tag]);
      assert.notEqual(await pixels(fig), before, `${tag} redraws when ${slider[tag][0]} moves`);
    }
  }
  return { page, log };
}
