#!/usr/bin/python3
"""Train the tiny encoder of <nw-attention>: it sorts a short sequence of digits.

Run with Debian's interpreter (torch 1.13 lives there, not in the pyenv python3), outside the
build lock; it takes a few minutes on 2 CPU cores and prints the time it measured:
    /usr/bin/python3 scripts/train_tiny.py [--seed 20250611] [--steps 1500] [--threads 1]

The task. An input is 3 to 8 digits (0-9, repeats allowed), padded with <PAD> (token 10) to 8.
The target at each real position i is the i-th smallest input digit (the sorted sequence);
targets at padded positions are ignored. One forward pass predicts all positions at once, so
the model has to find, for output slot i, the input digit whose rank is i: its attention shows
it, and the figure draws it.

The model (all names as torch.nn.TransformerEncoder's state_dict, under "encoder."):
    x[b, p]  = embedding.weight[token[b, p]] + PE[p]            (no sqrt(d_model) scale)
    PE[p, 2i] = sin(p / 10000^(2i/d_model)),  PE[p, 2i+1] = cos(p / 10000^(2i/d_model))
    h = encoder(x, src_key_padding_mask = token == <PAD>)      (Pre-LN, ReLU, final LayerNorm)
    logits = h @ head.weight^T + head.bias                     (10 classes: the digits)
PE is our library's convention (interleaved sin/cos like the paper): nw.positionalEncoding.

Outputs (.safetensors files written by scripts/safetensors_writer.py, the writer the Python
scripts share):
    web/models/tiny-sort.safetensors         the weights (F32) and metadata: task, vocabulary,
                                              sizes, PE formula, held-out accuracy, time, seed
    tests/golden/tiny_sort_heldout.safetensors the held-out set: tokens, mask, targets,
                                              PyTorch's predictions, its logits for the first
                                              LOGIT_ROWS sequences and attention for the first
                                              ATTENTION_ROWS

Held-out sequences never appear in training (batches are redrawn where they collide). The
evaluation runs in eval() with autograd enabled: under torch.no_grad() torch 1.13 takes its
fused fast path, which zeroes the outputs at padded positions (tests/golden/README.md).
"""

import argparse
import math
import os
import random
import json
import time

import torch
import torch.nn.functional as F

from safetensors_writer import write_safetensors

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL_OUT = os.path.join(ROOT, "web", "models", "tiny-sort.safetensors")
HELDOUT_OUT = os.path.join(ROOT, "tests", "golden", "tiny_sort_heldout.safetensors")

PAD = 10
VOCAB = [str(d) for d in range(10)] + ["<PAD>"]
SEQ = 8
MIN_LEN = 3
N_CLASSES = 10
CONFIG = dict(d_model=64, n_heads=4, d_ff=128, n_layers=2, norm_first=True, activation="relu",
              final_norm=True, eps=1e-5)
HELDOUT = 1000
LOGIT_ROWS = 200
ATTENTION_ROWS = 20
PE_FORMULA = ("x = embedding.weight[token] + PE[pos]; PE[pos, 2i] = sin(pos / 10000^(2i/d_model)), "
              "PE[pos, 2i+1] = cos(pos / 10000^(2i/d_model)) (interleaved, no sqrt(d_model) scale)")


# --------------------------------------------------------------------------- data

def sample(gen, n):
    """n random sequences: (tokens (n, SEQ) long with PAD, lengths (n,))."""
    lengths = torch.randint(MIN_LEN, SEQ + 1, (n,), generator=gen)
    digits = torch.randint(0, 10, (n, SEQ), generator=gen)
    pad = torch.arange(SEQ)[None, :] >= lengths[:, None]
    return digits.masked_fill(pad, PAD), lengths


def targets_of(tokens):
    """Sorted digits at the real positions; PAD (10) sorts last and stays at the padded ones."""
    return torch.sort(tokens, dim=1).values


def key_of(row):
    return bytes(row.tolist())


def heldout_set(seed):
    gen = torch.Generator().manual_seed(seed)
    seen, rows = set(), []
    while len(rows) < HELDOUT:
        tokens, _ = sample(gen, HELDOUT)
        for r in tokens:
            k = key_of(r)
            if k not in seen and len(rows) < HELDOUT:
                seen.add(k)
                rows.append(r)
    return torch.stack(rows), seen


def training_batch(gen, n, excluded):
    """A batch with every held-out sequence redrawn."""
    tokens, _ = sample(gen, n)
    for i in range(n):
        while key_of(tokens[i]) in excluded:
            tokens[i] = sample(gen, 1)[0][0]
    return tokens


# --------------------------------------------------------------------------- model

def positional_encoding(seq, d_model, base=10000.0):
    """Interleaved sinusoidal PE, computed in float64 and rounded once to float32."""
    pos = torch.arange(seq, dtype=torch.float64)[:, None]
    dims = torch.arange(d_model, dtype=torch.float64)
    even = dims - torch.remainder(dims, 2)
    ang = pos / torch.pow(torch.tensor(base, dtype=torch.float64), even / d_model)
    out = torch.where(torch.arange(d_model) % 2 == 0, torch.sin(ang), torch.cos(ang))
    return out.to(torch.float32)


class TinySorter(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg["d_model"]
        self.embedding = torch.nn.Embedding(len(VOCAB), d)
        layer = torch.nn.TransformerEncoderLayer(
            d, cfg["n_heads"], dim_feedforward=cfg["d_ff"], dropout=0.0,
            activation=cfg["activation"], layer_norm_eps=cfg["eps"], batch_first=True,
            norm_first=cfg["norm_first"])
        norm = torch.nn.LayerNorm(d, eps=cfg["eps"]) if cfg["final_norm"] else None
        self.encoder = torch.nn.TransformerEncoder(layer, cfg["n_layers"], norm=norm,
                                                   enable_nested_tensor=False)
        # TransformerEncoder deep-copies the layer: give each layer its own initial weights.
        for lyr in self.encoder.layers:
            lyr.self_attn._reset_parameters()
            for lin in (lyr.self_attn.out_proj, lyr.linear1, lyr.linear2):
                lin.reset_parameters()
        self.head = torch.nn.Linear(d, N_CLASSES)
        self.register_buffer("pe", positional_encoding(SEQ, d), persistent=False)

    def forward(self, tokens):
        x = self.embedding(tokens) + self.pe[: tokens.shape[1]]
        h = self.encoder(x, src_key_padding_mask=tokens == PAD)
        return self.head(h)

    def attention(self, tokens):
        """Per-layer, per-head attention weights (batch, heads, seq, seq), as torch computes them."""
        mask = tokens == PAD
        captured = []
        hooks = [lyr.self_attn.register_forward_hook(
            lambda mod, inp, out: captured.append(inp[0].detach().clone()))
            for lyr in self.encoder.layers]
        try:
            self.forward(tokens)
        finally:
            for h in hooks:
                h.remove()
        maps = []
        for lyr, a_in in zip(self.encoder.layers, captured):
            _, w = lyr.self_attn(a_in, a_in, a_in, key_padding_mask=mask, need_weights=True,
                                 average_attn_weights=False)
            maps.append(w.detach())
        return maps


def accuracy(model, tokens):
    """(per-token accuracy over real positions, per-sequence accuracy, predictions, logits)."""
    model.eval()
    assert torch.is_grad_enabled(), "evaluate with autograd on (no fused fast path)"
    logits = model(tokens).detach()
    model.train()
    pred = logits.argmax(-1)
    real = tokens != PAD
    right = (pred == targets_of(tokens)) | ~real
    token_acc = (right & real).sum().item() / real.sum().item()
    seq_acc = right.all(dim=1).float().mean().item()
    return token_acc, seq_acc, pred, logits


# --------------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20250611)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    # One thread: on a shared 2-core machine, two torch threads contend and run several times slower.
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--max-seconds", type=float, default=450.0,
                    help="stop early (and say so) when training takes longer than this")
    ap.add_argument("--model-out", default=MODEL_OUT)
    ap.add_argument("--heldout-out", default=HELDOUT_OUT)
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    heldout, excluded = heldout_set(args.seed + 1)
    val_gen = torch.Generator().manual_seed(args.seed + 2)
    val = training_batch(val_gen, 2000, excluded)
    train_gen = torch.Generator().manual_seed(args.seed + 3)

    model = TinySorter(CONFIG)
    n_params = sum(p.numel() for p in model.parameters())
    print("task: sort %d-%d digits (padded to %d); params %d; torch %s; %d threads"
          % (MIN_LEN, SEQ, SEQ, n_params, torch.__version__, torch.get_num_threads()), flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01, betas=(0.9, 0.98))
    warmup = max(1, args.steps // 20)

    def lr_at(step):
        if step < warmup:
            return (step + 1) / warmup
        return 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, args.steps - warmup)))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_at)

    model.train()
    t0 = time.perf_counter()
    steps_done = 0
    stopped_early = False
    for step in range(args.steps):
        tokens = training_batch(train_gen, args.batch, excluded)
        logits = model(tokens)
        target = targets_of(tokens).masked_fill(tokens == PAD, -100)
        loss = F.cross_entropy(logits.reshape(-1, N_CLASSES), target.reshape(-1), ignore_index=-100)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        steps_done = step + 1
        if steps_done % 500 == 0 or steps_done == args.steps:
            tok, seq, _, _ = accuracy(model, val)
            print("step %5d  loss %.4f  val token %.4f  seq %.4f  %.0f s"
                  % (steps_done, loss.item(), tok, seq, time.perf_counter() - t0), flush=True)
        if time.perf_counter() - t0 > args.max_seconds:
            stopped_early = True
            print("stopping early: %.0f s budget reached at step %d" % (args.max_seconds, steps_done))
            break
    train_seconds = time.perf_counter() - t0

    token_acc, seq_acc, pred, logits = accuracy(model, heldout)
    print("held-out (%d sequences): token accuracy %.4f, sequence accuracy %.4f"
          % (HELDOUT, token_acc, seq_acc))
    print("training time: %.1f s (%d steps)" % (train_seconds, steps_done))

    model.eval()
    sd = model.state_dict()
    weights = [("embedding.weight", sd["embedding.weight"])]
    weights += [("encoder." + k[len("encoder."):], v) for k, v in sd.items() if k.startswith("encoder.")]
    weights += [("head.weight", sd["head.weight"]), ("head.bias", sd["head.bias"])]
    n_real = int((heldout != PAD).sum().item())
    n_seq_right = int(round(seq_acc * HELDOUT))
    n_tok_right = int(round(token_acc * n_real))
    meta = {
        "task": "sort",
        "task_description": "sort %d to %d digits 0-9 (repeats allowed), padded with <PAD> to %d; "
                            "output at real position i = i-th smallest digit; padded positions ignored"
                            % (MIN_LEN, SEQ, SEQ),
        "vocab": json.dumps(VOCAB),
        "pad_token": PAD,
        "classes": json.dumps(VOCAB[:N_CLASSES]),
        "seq_len": SEQ,
        "min_len": MIN_LEN,
        "d_model": CONFIG["d_model"], "n_heads": CONFIG["n_heads"], "d_ff": CONFIG["d_ff"],
        "n_layers": CONFIG["n_layers"], "norm_first": str(CONFIG["norm_first"]).lower(),
        "activation": CONFIG["activation"], "final_norm": str(CONFIG["final_norm"]).lower(),
        "eps": repr(CONFIG["eps"]),
        "pe": PE_FORMULA,
        "pe_base": "10000",
        "prefix": "encoder.",
        "params": n_params,
        "heldout_sequences": HELDOUT,
        "heldout_tokens": n_real,
        "accuracy_token": "%.6f" % token_acc,
        "accuracy_sequence": "%.6f" % seq_acc,
        "correct_tokens": n_tok_right,
        "correct_sequences": n_seq_right,
        "train_seconds": "%.1f" % train_seconds,
        "train_steps": steps_done,
        "stopped_early": str(stopped_early).lower(),
        "batch": args.batch,
        "lr": repr(args.lr),
        "optimizer": "AdamW(betas=(0.9, 0.98), weight_decay=0.01), warmup + cosine, clip 1.0",
        "threads": torch.get_num_threads(),
        "seed": args.seed,
        "torch": torch.__version__,
        "script": "scripts/train_tiny.py",
    }
    size = write_safetensors(args.model_out, weights, meta)
    print("wrote %s (%d bytes, %d parameters)" % (os.path.relpath(args.model_out, ROOT), size, n_params))

    real = (heldout != PAD)
    pred_stored = pred.masked_fill(~real, -1)
    attn = model.attention(heldout[:ATTENTION_ROWS])
    fixture = [
        ("tokens", heldout), ("mask", (~real).to(torch.float32)), ("targets", targets_of(heldout).masked_fill(~real, -1)),
        ("torch_pred", pred_stored), ("logits", logits[:LOGIT_ROWS]),
    ] + [("attention.%d" % l, a) for l, a in enumerate(attn)]
    fmeta = {k: meta[k] for k in ("task", "pad_token", "seq_len", "min_len", "heldout_sequences",
                                  "heldout_tokens", "accuracy_token", "accuracy_sequence",
                                  "correct_tokens", "correct_sequences", "seed", "torch")}
    fmeta.update({"logit_rows": LOGIT_ROWS, "attention_rows": ATTENTION_ROWS, "model": "web/models/tiny-sort.safetensors",
                  "note": "tokens: digits 0-9, 10 = <PAD>; mask 1 = <PAD>; targets/torch_pred -1 at "
                          "padded positions; logits for the first logit_rows sequences, "
                          "attention.{l} (batch, heads, q, k) for the first attention_rows"})
    size = write_safetensors(args.heldout_out, fixture, fmeta)
    print("wrote %s (%d bytes)" % (os.path.relpath(args.heldout_out, ROOT), size))


if __name__ == "__main__":
    main()
