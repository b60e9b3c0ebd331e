// Hostile callers: user code that runs inside the API's own argument conversions
// (valueOf, iterators, String(), option getters), names that exist only on Object.prototype,
// typed arrays that lie about their size, detached and foreign buffers. Every attack is run
// twice: the first run may leave state meant to last (the grow-only scratch block), the second
// is measured — malloc holds exactly what it held before, and the module answers the next call
// with the same numbers as before any attack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { randn, throwsWith, safetensorsFile } from './helpers.mjs';

const nw = await loadNormwave();
// A second copy of the library (a separate module record, so its own wasm instance).
const other = await (await import('../../dist/normwave.node.mjs?other-instance')).loadNormwave();

const cfg = { dModel: 8, nHeads: 2, dFF: 16, seed: 5 };
const enc = nw.createEncoder(cfg);
const encX = randn(3 * 8, 9);
const expected = {
  ln: nw.layerNorm([1, 2, 3, 4], 4),
  act: nw.activation([-1, 0.5], 'gelu'),
  fwd: enc.forward(encX).output,
};

function stillWorks() {
  assert.deepEqual(nw.layerNorm([1, 2, 3, 4], 4), expected.ln);
  assert.deepEqual(nw.activation([-1, 0.5], 'gelu'), expected.act);
  assert.deepEqual(enc.forward(encX).output, expected.fwd);
}

// Runs attack twice; the second run must leave malloc's total as it found it.
function hostile(attack) {
  stillWorks();
  attack();
  stillWorks();
  const before = nw.memoryStats().heapUsed;
  attack();
  assert.equal(nw.memoryStats().heapUsed, before, 'the attack left wasm memory held');
  stillWorks();
}

const detach = (typed) => {
  structuredClone(typed.buffer, { transfer: [typed.buffer] });
  return typed;
};
// Floats (a multiple of 16) that are a fraction of the wasm memory not held by malloc: sizes that
// make a call grow (and so detach) the memory, without making it larger than needed.
function freeFloats(fraction) {
  const { memoryBytes, heapUsed } = nw.memoryStats();
  return Math.floor((((memoryBytes - heapUsed) / 4) * fraction) / 16) * 16;
}

// --- use-after-free through user code -----------------------------------------------------

test('tensor.write: a valueOf that disposes the tensor cannot redirect the write', () => {
  hostile(() => {
    const t = nw.tensor(4);
    let fresh = null;
    const evil = {
      valueOf() {
        t.dispose();
        fresh = nw.tensor(4);
        return 7;
      },
    };
    throwsWith(() => t.write([evil, 1, 2, 3]), Error, 'tensor.write', 'disposed');
    assert.deepEqual(Array.from(fresh.read()), [0, 0, 0, 0], 'the new tensor was written');
    fresh.dispose();
  });
});

test('encoder.loadSafetensors: a prefix whose toString() grows wasm memory cannot plant weights', () => {
  hostile(() => {
    const target = nw.createEncoder({ dModel: 4, nHeads: 1, dFF: 4 });
    const fileOf = (v) =>
      safetensorsFile(
        Object.fromEntries(
          target.parameters.map((p) => [p.name, { shape: p.shape, data: new Float32Array(p.numel).fill(v) }]),
        ),
      );
    const file = fileOf(1),
      planted = fileOf(666);
    let decoy = null;
    const prefix = {
      toString() {
        nw.layerNormStats(new Float32Array(1 << 16), 4); // grows the scratch block: the old one is freed
        const f = new Float32Array(Math.ceil(planted.length / 4));
        new Uint8Array(f.buffer).set(planted);
        decoy = nw.tensor(f); // lands where the file was copied
        return '';
      },
    };
    target.loadSafetensors(file, { prefix });
    decoy.dispose();
    for (const [name, w] of Object.entries(target.stateDict()))
      assert.ok(
        w.every((v) => v === 1),
        `${name} holds ${w[0]}, not the file's 1`,
      );
    target.dispose();
  });
});

test('layerNorm: a valueOf on gamma that disposes the tensor x is an error, not a read of address 0', () => {
  hostile(() => {
    const x = nw.tensor([1, 2, 3, 4]);
    const gamma = [
      {
        valueOf() {
          x.dispose();
          return 1;
        },
      },
      1,
      1,
      1,
    ];
    throwsWith(() => nw.layerNorm(x, 4, { gamma }), Error, 'layerNorm', 'x', 'disposed');
  });
});

test('the norms: option getters and conversions that dispose out, gamma or beta tensors are errors', () => {
  hostile(() => {
    const x = [1, 2, 3, 4];
    const out = nw.tensor(4),
      g = nw.tensor([1, 1, 1, 1]),
      b = nw.tensor(4);
    throwsWith(
      () =>
        nw.rmsNorm(x, 4, {
          out,
          get eps() {
            out.dispose();
            return 1e-6;
          },
        }),
      Error,
      'rmsNorm',
      'out',
      'disposed',
    );
    throwsWith(
      () =>
        nw.batchNorm(
          [
            {
              valueOf() {
                b.dispose();
                return 1;
              },
            },
            2,
            3,
            4,
          ],
          4,
          { gamma: g, beta: b },
        ),
      Error,
      'batchNorm',
      'beta',
      'disposed',
    );
    throwsWith(
      () =>
        nw.layerNormWithStats(x, 4, {
          gamma: g,
          beta: [
            {
              valueOf() {
                g.dispose();
                return 0;
              },
            },
            0,
            0,
            0,
          ],
        }),
      Error,
      'layerNormWithStats',
      'gamma',
      'disposed',
    );
    const pe = nw.tensor(16);
    throwsWith(
      () =>
        nw.positionalEncoding(4, 4, {
          out: pe,
          get base() {
            pe.dispose();
            return 100;
          },
        }),
      Error,
      'positionalEncoding',
      'out',
      'disposed',
    );
    const reads = {};
    const counted = new Proxy(
      { gamma: [1, 1, 1, 1], beta: [0, 0, 0, 0], eps: 1e-5, out: new Float32Array(4) },
      {
        get(o, k) {
          reads[k] = (reads[k] ?? 0) + 1;
          return o[k];
        },
      },
    );
    nw.layerNormWithStats(x, 4, counted);
    assert.deepEqual(reads, { gamma: 1, eps: 1, out: 1, beta: 1 }, 'each option read once');
  });
});

test('encoder: conversions that dispose the encoder or the out tensor are errors; each option is read once', () => {
  hostile(() => {
    const victim = nw.createEncoder(cfg);
    const x = Array.from(encX);
    const out = nw.tensor(encX.length);
    throwsWith(
      () =>
        victim.forward(x, {
          out,
          get paddingMask() {
            out.dispose();
            return undefined;
          },
        }),
      Error,
      'forward',
      'out',
      'disposed',
    );
    const reads = {};
    const counted = new Proxy(
      { batch: 1, seqLen: 3, attention: true },
      {
        get(o, k) {
          reads[k] = (reads[k] ?? 0) + 1;
          return o[k];
        },
      },
    );
    victim.forward(encX, counted);
    for (const [k, n] of Object.entries(reads)) assert.equal(n, 1, `forward read option ${k} ${n} times`);
    const evil = [
      {
        valueOf() {
          victim.dispose();
          return 0;
        },
      },
      ...x.slice(1),
    ];
    throwsWith(() => victim.forward(evil), Error, 'forward', 'disposed');
    const again = nw.createEncoder(cfg);
    const sd = again.stateDict();
    sd['layers.0.norm1.bias'] = [
      {
        valueOf() {
          again.dispose();
          return 0;
        },
      },
      ...sd['layers.0.norm1.bias'].slice(1),
    ];
    throwsWith(() => again.loadStateDict(sd), Error, 'loadStateDict', 'disposed');
    const third = nw.createEncoder(cfg);
    throwsWith(
      () =>
        third.loadSafetensors(safetensorsFile({}), {
          prefix: {
            toString() {
              third.dispose();
              return '';
            },
          },
        }),
      Error,
      'loadSafetensors',
      'disposed',
    );
  });
});

test('re-entry: a valueOf that calls the API (growing its memory) leaves the outer call correct', () => {
  hostile(() => {
    const big = new Float32Array(1 << 16).fill(3);
    const want = nw.layerNorm([1, 2, 3, 4, 5, 6, 7, 8], 4, { gamma: [1, 2, 3, 4], beta: [0, 0, 1, 1] });
    const gamma = [
      {
        valueOf() {
          nw.batchNorm(big, 4);
          return 1;
        },
      },
      2,
      3,
      4,
    ];
    assert.deepEqual(nw.layerNorm([1, 2, 3, 4, 5, 6, 7, 8], 4, { gamma, beta: [0, 0, 1, 1] }), want);
    // linear: the weight's conversion runs another linear (the kernel's own packing buffer grows).
    const w = randn(6 * 4, 3),
      wantLin = nw.linear([1, 2, 3, 4], w, null, { inFeatures: 4 });
    const wEvil = Array.from(w, (v, i) =>
      i
        ? v
        : {
            valueOf() {
              nw.linear(new Float32Array(256), new Float32Array(256 * 64), null, { inFeatures: 256 });
              return v;
            },
          },
    );
    assert.deepEqual(nw.linear([1, 2, 3, 4], wEvil, null, { inFeatures: 4 }), wantLin);
    // forward: x's conversion runs a larger forward on the same encoder (its buffers move).
    const longer = randn(40 * 8, 4);
    const xEvil = Array.from(encX, (v, i) =>
      i
        ? v
        : {
            valueOf() {
              enc.forward(longer);
              return v;
            },
          },
    );
    assert.deepEqual(enc.forward(xEvil).output, expected.fwd);
    // tensor.write: the data's iterator calls write on the same tensor.
    const t = nw.tensor(4);
    const data = [5, 6, 7, 8];
    data[Symbol.iterator] = function* () {
      t.write([1, 1, 1, 1]);
      yield* Array.prototype.values.call(this);
    };
    t.write(data);
    assert.deepEqual(Array.from(t.read()), [5, 6, 7, 8]);
    t.dispose();
  });
});

// --- names looked up as own properties only ------------------------------------------------

test('activation and createEncoder: names from Object.prototype are unknown, not ReLU', () => {
  hostile(() => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      throwsWith(
        () => nw.activation([-1, 2], name),
        RangeError,
        'activation',
        `unknown activation "${name}"`,
        "'relu' or 'gelu'",
      );
      throwsWith(() => nw.createEncoder({ ...cfg, activation: name }), RangeError, 'createEncoder', `"${name}"`);
      throwsWith(
        () => nw.encoderParameters({ ...cfg, activation: name }),
        RangeError,
        'encoderParameters',
        `"${name}"`,
      );
    }
    throwsWith(() => nw.activation([1], { toString: () => 'gelu' }), TypeError, 'activation', 'kind must be a string');
  });
});

test('loadStateDict reads own keys only, each once; a { data, shape } value is checked', () => {
  hostile(() => {
    const target = nw.createEncoder(cfg);
    const sd = target.stateDict();
    throwsWith(() => target.loadStateDict(Object.create(sd)), RangeError, 'loadStateDict', 'missing key');
    const reads = new Map();
    const counted = new Proxy(sd, {
      get(o, k) {
        reads.set(k, (reads.get(k) ?? 0) + 1);
        return o[k];
      },
    });
    target.loadStateDict(counted);
    for (const [k, n] of reads) assert.equal(n, 1, `read ${String(k)} ${n} times`);
    const first = target.parameters[0].name;
    throwsWith(
      () => target.loadStateDict({ ...sd, [first]: { data: sd[first], shape: 5 } }),
      TypeError,
      'loadStateDict',
      `"${first}"`,
      'shape',
    );
    throwsWith(() => target.loadStateDict({ ...sd, [first]: { shape: [32, 8] } }), TypeError, `"${first}"`, 'data');
    throwsWith(
      () => target.loadStateDict({ ...sd, [first]: { data: sd[first], shape: ['48', 8] } }),
      TypeError,
      `"${first}"`,
      'shape',
    );
    target.dispose();
  });
});

test('inspectSafetensors: metadata keys such as "__proto__" are the file\'s own, not the prototype', () => {
  hostile(() => {
    const raw =
      '{"__metadata__":{"__proto__":"x","constructor":"y","task":"z"},"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}';
    const header = safetensorsFile({}, { raw });
    const file = new Uint8Array(header.length + 4);
    file.set(header);
    const { metadata } = nw.inspectSafetensors(file);
    assert.equal(Object.getPrototypeOf(metadata), null);
    assert.deepEqual(Object.keys(metadata).sort(), ['__proto__', 'constructor', 'task']);
    assert.equal(metadata.__proto__, 'x');
  });
});

// --- the smaller holes ---------------------------------------------------------------------

test('eps: checked as the float32 the kernel receives (1e-50 and 1e300 are refused)', () => {
  hostile(() => {
    for (const name of [
      'layerNorm',
      'rmsNorm',
      'batchNorm',
      'layerNormWithStats',
      'rmsNormWithStats',
      'batchNormWithStats',
    ]) {
      for (const eps of [1e-50, 1e300, 0, -1, NaN, Infinity, '1e-5']) {
        throwsWith(() => nw[name]([1, 1, 1, 1], 4, { eps }), RangeError, name, 'eps', 'float32');
      }
      assert.ok(nw[name]([1, 1, 1, 1], 4, { eps: 1e-40 }) !== undefined, 'a subnormal float32 eps is > 0');
    }
    throwsWith(() => nw.createEncoder({ ...cfg, eps: 1e-50 }), RangeError, 'createEncoder', 'eps');
  });
});

test('tensor.length is read-only: assigning it cannot make read() run past the tensor', () => {
  hostile(() => {
    const t = nw.tensor([1, 2, 3, 4]);
    assert.throws(() => {
      t.length = 1e6;
    }, TypeError);
    assert.equal(t.length, 4);
    assert.equal(t.read().length, 4);
    assert.equal(t.view().length, 4);
    for (const key of ['_addr', '_M', 'addr']) t[key] = 8; // no public field steers an address
    assert.deepEqual(Array.from(t.read()), [1, 2, 3, 4]);
    t.dispose();
    const e = nw.createEncoder(cfg);
    assert.throws(() => {
      e.config.dModel = 1e6;
    }, TypeError);
    assert.throws(() => {
      e.parameters[0].shape[0] = 1e6;
    }, TypeError);
    e.dispose();
  });
});

test('null and non-object options are TypeErrors naming options', () => {
  hostile(() => {
    const x = [1, 2, 3, 4];
    for (const bad of [null, 5, 'eps']) {
      throwsWith(() => nw.layerNorm(x, 4, bad), TypeError, 'layerNorm', 'options');
      throwsWith(() => nw.rmsNormWithStats(x, 4, bad), TypeError, 'rmsNormWithStats', 'options');
      throwsWith(() => nw.positionalEncoding(4, 4, bad), TypeError, 'positionalEncoding', 'options');
      throwsWith(() => nw.softmax(x, 4, bad), TypeError, 'softmax', 'options');
      throwsWith(() => nw.linear(x, x, null, bad), TypeError, 'linear', 'options');
      throwsWith(() => enc.forward(encX, bad), TypeError, 'forward', 'options');
      throwsWith(() => enc.loadStateDict(enc.stateDict(), bad), TypeError, 'loadStateDict', 'options');
      throwsWith(() => enc.loadSafetensors(new Uint8Array(8), bad), TypeError, 'loadSafetensors', 'options');
    }
    throwsWith(() => nw.createEncoder(null), TypeError, 'createEncoder', 'config');
  });
});

test('BigInt64Array and BigUint64Array inputs are TypeErrors naming the argument', () => {
  hostile(() => {
    const big = new BigInt64Array(4);
    throwsWith(() => nw.layerNorm(big, 4), TypeError, 'layerNorm', 'x', 'BigInt64Array');
    throwsWith(
      () => nw.layerNorm([1, 2, 3, 4], 4, { gamma: new BigUint64Array(4) }),
      TypeError,
      'gamma',
      'BigUint64Array',
    );
    throwsWith(() => nw.tensor(big), TypeError, 'tensor', 'BigInt64Array');
    const t = nw.tensor(4);
    throwsWith(() => t.write(big), TypeError, 'tensor.write', 'data', 'BigInt64Array');
    t.dispose();
    throwsWith(() => nw.linear([1n, 2n], [1, 2], null, { inFeatures: 2 }), TypeError, 'linear', 'x');
    throwsWith(() => enc.forward(new BigInt64Array(24)), TypeError, 'forward', 'x');
  });
});

test('detached buffers are TypeErrors naming the argument, also when detached by a later getter', () => {
  hostile(() => {
    throwsWith(() => nw.layerNorm(detach(new Float32Array(4)), 4), TypeError, 'layerNorm', 'x', 'detached');
    throwsWith(
      () => nw.softmax(new Float32Array(4), 4, { mask: detach(new Uint8Array(4)) }),
      TypeError,
      'softmax',
      'mask',
      'detached',
    );
    const t = nw.tensor(4);
    throwsWith(() => t.write(detach(new Float32Array(4))), TypeError, 'tensor.write', 'data', 'detached');
    t.dispose();
    throwsWith(() => nw.tensor(detach(new Float64Array(2))), TypeError, 'tensor', 'detached');
    const ab = new ArrayBuffer(16);
    structuredClone(ab, { transfer: [ab] });
    throwsWith(() => nw.readSafetensors(ab), TypeError, 'readSafetensors', 'bytes', 'detached');
    throwsWith(
      () => nw.inspectSafetensors(detach(new Uint8Array(16))),
      TypeError,
      'inspectSafetensors',
      'bytes',
      'detached',
    );
    throwsWith(() => enc.loadSafetensors(ab), TypeError, 'loadSafetensors', 'bytes', 'detached');
    throwsWith(
      () => enc.forward(encX, { paddingMask: detach(new Uint8Array(3)) }),
      TypeError,
      'forward',
      'paddingMask',
      'detached',
    );
    // Converted first, then detached by a later option getter: still named, still before the kernel.
    const x = new Float32Array([1, 2, 3, 4]);
    throwsWith(
      () =>
        nw.layerNorm(x, 4, {
          get eps() {
            detach(x);
            return 1e-5;
          },
        }),
      TypeError,
      'layerNorm',
      'x',
      'detached',
    );
    const out = new Float32Array(4);
    throwsWith(
      () =>
        nw.rmsNorm([1, 2, 3, 4], 4, {
          out,
          get gamma() {
            detach(out);
            return undefined;
          },
        }),
      TypeError,
      'rmsNorm',
      'out',
      'detached',
    );
  });
});

test('typed arrays that lie about their length cannot make a kernel read or write past a buffer', () => {
  class Short extends Float32Array {
    get length() {
      return 1;
    }
  }
  class Long extends Float32Array {
    get length() {
      return 1e6;
    }
  }
  hostile(() => {
    const t = nw.tensor(4),
      guard = nw.tensor([9, 9, 9, 9]);
    throwsWith(() => t.write(new Short(1000)), RangeError, 'tensor.write', '1000 floats', 'length 4');
    assert.deepEqual(Array.from(guard.read()), [9, 9, 9, 9]);
    assert.deepEqual(nw.layerNorm(Long.from([1, 2, 3, 4, 5, 6, 7, 8]), 4), nw.layerNorm([1, 2, 3, 4, 5, 6, 7, 8], 4));
    const own = new Float32Array([1, 2, 3, 4]);
    Object.defineProperty(own, 'length', { value: 400 });
    assert.deepEqual(nw.rmsNorm(own, 4), nw.rmsNorm([1, 2, 3, 4], 4));
    t.dispose();
    guard.dispose();
  });
});

test('nw.tensor(view) and readSafetensors(view) copy their source before growing the memory', () => {
  stillWorks();
  const start = nw.memoryStats().heapUsed;
  const t = nw.tensor(freeFloats(0.6)); // its copy does not fit beside it
  t.view().fill(1.5);
  let before = nw.memoryStats().memoryBytes;
  const copy = nw.tensor(t.view());
  assert.ok(nw.memoryStats().memoryBytes > before, 'allocating the copy grew the memory');
  assert.deepEqual(copy.read(), t.read());
  copy.dispose();
  t.dispose();
  assert.equal(nw.memoryStats().heapUsed, start, 'both tensors freed');

  const floatsInFile = freeFloats(0.25); // the file, then its copy and its floats in scratch
  const file = safetensorsFile({ w: { shape: [floatsInFile], data: new Float32Array(floatsInFile).fill(2.5) } });
  const resident = nw.tensor(Math.ceil(file.length / 4));
  const residentBytes = new Uint8Array(resident.view().buffer, resident.view().byteOffset, file.length);
  residentBytes.set(file);
  before = nw.memoryStats().memoryBytes;
  const { w } = nw.readSafetensors(residentBytes);
  assert.ok(nw.memoryStats().memoryBytes > before, 'reading the file grew the memory');
  assert.equal(w.length, floatsInFile);
  assert.ok(w.every((v) => v === 2.5));
  resident.dispose();
  stillWorks();
});

test("a view on normwave memory as x survives the call's own growth of that memory", () => {
  // The same size in both runs: in the first, x (half the free memory) and its copy and result in
  // scratch do not fit, so the call grows the memory under the view.
  const n = freeFloats(0.5);
  const pattern = new Float32Array(n);
  for (let i = 0; i < n; i++) pattern[i] = i % 7;
  let grew = false;
  hostile(() => {
    const t = nw.tensor(pattern);
    const before = nw.memoryStats().memoryBytes;
    const got = nw.batchNorm(t.view(), 16);
    grew ||= nw.memoryStats().memoryBytes > before;
    assert.deepEqual(got, nw.batchNorm(pattern, 16));
    t.dispose();
  });
  assert.ok(grew, 'the call grew the memory (and so detached the view) at least once');
});

test('out as a view on normwave memory is refused: the call may grow the memory and detach it', () => {
  hostile(() => {
    const t = nw.tensor(64);
    throwsWith(
      () => nw.positionalEncoding(4, 16, { out: t.view() }),
      TypeError,
      'positionalEncoding',
      'out',
      'wasm memory',
    );
    throwsWith(
      () => nw.layerNorm([1, 2, 3, 4], 4, { out: t.view().subarray(0, 4) }),
      TypeError,
      'layerNorm',
      'out',
      'wasm memory',
    );
    throwsWith(
      () => nw.rmsNormWithStats([1, 2, 3, 4], 4, { out: t.view().subarray(4, 8) }),
      TypeError,
      'rmsNormWithStats',
      'out',
      'pass the tensor',
    );
    t.dispose();
  });
});

test("foreign objects: another instance's tensor, a forged tensor and views on other memories", () => {
  hostile(() => {
    const theirs = other.tensor([1, 2, 3, 4]);
    throwsWith(() => nw.layerNorm(theirs, 4), TypeError, 'layerNorm', 'x', "this module's nw.tensor()");
    throwsWith(() => nw.layerNorm([1, 2, 3, 4], 4, { out: theirs }), TypeError, 'out');
    assert.deepEqual(
      nw.layerNorm(theirs.view(), 4),
      nw.layerNorm([1, 2, 3, 4], 4),
      "a view on the other instance's memory is an ordinary input",
    );
    const mine = nw.tensor(4);
    throwsWith(() => other.rmsNorm(mine, 4), TypeError, 'rmsNorm', 'x');
    const copied = other.tensor(mine.view());
    assert.deepEqual(copied.read(), new Float32Array(4));
    copied.dispose();
    // A forged tensor: the prototype of a real one, fields copied from it and an address of 8.
    const forged = Object.create(Object.getPrototypeOf(mine));
    for (const key of Object.keys(mine)) forged[key] = mine[key];
    Object.defineProperties(forged, { _addr: { value: 8 }, addr: { value: 8 }, length: { value: 4 } });
    throwsWith(() => nw.layerNorm([1, 2, 3, 4], 4, { out: forged }), TypeError, 'layerNorm', 'out');
    throwsWith(() => Object.getPrototypeOf(mine).write.call(forged, [1, 2, 3, 4]), TypeError, 'tensor.write');
    throwsWith(() => nw.layerNorm(new Proxy(mine, {}), 4), TypeError, 'layerNorm', 'x');
    throwsWith(
      () => new (Object.getPrototypeOf(mine).constructor)(Symbol('key'), { M: null, addr: 8, length: 4 }),
      TypeError,
      'nw.tensor()',
    );
    throwsWith(
      () => new (Object.getPrototypeOf(enc).constructor)(Symbol('key'), {}, cfg),
      TypeError,
      'nw.createEncoder()',
    );
    const wasmMemory = new WebAssembly.Memory({ initial: 1 });
    assert.deepEqual(nw.layerNorm(new Float32Array(wasmMemory.buffer, 0, 4).fill(2), 4), new Float32Array(4));
    mine.dispose();
    theirs.dispose();
  });
});

test("foreign encoder handles: another instance's encoder and tensors mixed in forward", () => {
  hostile(() => {
    const theirs = other.createEncoder(cfg);
    assert.deepEqual(theirs.forward(encX).output, expected.fwd, 'same seed, same numbers');
    const t = nw.tensor(encX);
    throwsWith(() => theirs.forward(t), TypeError, 'forward', 'x');
    const theirOut = other.tensor(encX.length);
    throwsWith(() => enc.forward(encX, { out: theirOut }), TypeError, 'forward', 'out');
    theirOut.dispose();
    t.dispose();
    theirs.dispose();
  });
});
