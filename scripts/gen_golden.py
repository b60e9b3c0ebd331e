#!/usr/bin/python3
"""Generate the golden fixtures in tests/golden/ from PyTorch (Debian's torch 1.13).

Run with Debian's interpreter (torch lives there, not in the pyenv python3):
    /usr/bin/python3 scripts/gen_golden.py [--out DIR]

Every case is seeded on its own (torch.manual_seed) so the output is byte-for-byte
reproducible and adding a case never changes the others. Inputs and parameters are drawn
in float32; every reference is then computed in float64 from those exact float32 values
(modules are converted with .double(), which is exact) and rounded once to float32.

Files are written in the .safetensors format by scripts/safetensors_writer.py (the one writer
the Python scripts share): F32 data (F16 where a case asks), and an "__metadata__" object of
string -> string.
"""

import argparse
import copy
import hashlib
import math
import os
import sys

import torch
import torch.nn.functional as F

from safetensors_writer import write_safetensors

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "tests", "golden")


def fmt(x):
    """Shortest round-trip repr for floats, plain str for the rest."""
    if isinstance(x, bool):
        return "true" if x else "false"
    return repr(x) if isinstance(x, float) else str(x)


# --------------------------------------------------------------------------- cases

def pe_reference(positions, d_model, base):
    """Interleaved sinusoidal PE in float64: dim 2i = sin(pos / base^(2i/d)), 2i+1 = cos."""
    pos = torch.as_tensor(positions, dtype=torch.float64).unsqueeze(1)        # (n, 1)
    dims = torch.arange(d_model, dtype=torch.float64)
    even = dims - torch.remainder(dims, 2)                                     # 2i for both
    div = torch.pow(torch.tensor(base, dtype=torch.float64), even / d_model)   # base^(2i/d)
    ang = pos / div
    out = torch.where(torch.remainder(torch.arange(d_model), 2) == 0, torch.sin(ang), torch.cos(ang))
    return out.to(torch.float32)


def case_pe(d_model, base, seq_len=64, tail_start=2040, tail_rows=8):
    pe = pe_reference(range(seq_len), d_model, base)
    tail = pe_reference(range(tail_start, tail_start + tail_rows), d_model, base)
    # Spot-check the convention against the textbook formula with Python's math.
    for pos, row in ((3, pe[3]), (tail_start + 1, tail[1])):
        for j in range(d_model):
            a = pos / base ** ((j - j % 2) / d_model)
            want = math.sin(a) if j % 2 == 0 else math.cos(a)
            assert abs(float(row[j]) - want) < 1e-7, (pos, j)
    tensors = [("pe", pe), ("pe_tail", tail)]
    meta = {"kind": "positional_encoding", "d_model": d_model, "base": fmt(float(base)),
            "seq_len": seq_len, "tail_start": tail_start, "tail_rows": tail_rows,
            "convention": "interleaved: 2i = sin(pos/base^(2i/d)), 2i+1 = cos"}
    return tensors, meta


def rows_with_offsets(rows, dim):
    """N(0,1) rows, each with its own offset and scale so row statistics differ."""
    x = torch.randn(rows, dim)
    offs = torch.empty(rows, 1).uniform_(-3.0, 3.0)
    scale = torch.empty(rows, 1).uniform_(0.5, 2.5)
    return (x * scale + offs).to(torch.float32)


def case_layer_norm(rows, dim, eps=1e-5):
    x = rows_with_offsets(rows, dim)
    gamma = (1.0 + 0.5 * torch.randn(dim)).to(torch.float32)
    beta = (0.5 * torch.randn(dim)).to(torch.float32)
    xd = x.double()
    out = F.layer_norm(xd, (dim,), gamma.double(), beta.double(), eps)
    mean = xd.mean(dim=1)
    var = xd.var(dim=1, unbiased=False)
    check = (xd - mean[:, None]) / torch.sqrt(var[:, None] + eps) * gamma.double() + beta.double()
    assert torch.allclose(out, check, atol=1e-12, rtol=0)
    f32 = F.layer_norm(x, (dim,), gamma, beta, eps)
    tensors = [("x", x), ("gamma", gamma), ("beta", beta), ("out", out), ("mean", mean), ("var", var)]
    meta = {"kind": "layer_norm", "rows": rows, "dim": dim, "eps": fmt(eps)}
    return tensors, meta, (f32 - out.float()).abs().max().item()


def case_rms_norm(rows, dim, eps=1e-6):
    x = rows_with_offsets(rows, dim)
    gamma = (1.0 + 0.5 * torch.randn(dim)).to(torch.float32)
    xd = x.double()
    ms = (xd * xd).mean(dim=1)
    out = xd / torch.sqrt(ms[:, None] + eps) * gamma.double()
    rms = torch.sqrt(ms)  # without eps, as normwave::rms_norm reports it
    xf = x
    f32 = xf / torch.sqrt((xf * xf).mean(dim=1, keepdim=True) + eps) * gamma
    tensors = [("x", x), ("gamma", gamma), ("out", out), ("rms", rms)]
    meta = {"kind": "rms_norm", "rows": rows, "dim": dim, "eps": fmt(eps),
            "formula": "y = x / sqrt(mean(x^2) + eps) * gamma; rms = sqrt(mean(x^2))"}
    return tensors, meta, (f32 - out.float()).abs().max().item()


def case_batch_norm(rows, dim, eps=1e-5):
    x = rows_with_offsets(rows, dim)
    # Different per-feature offsets too, so the column statistics differ.
    x = (x + torch.empty(1, dim).uniform_(-2.0, 2.0)).to(torch.float32)
    gamma = (1.0 + 0.5 * torch.randn(dim)).to(torch.float32)
    beta = (0.5 * torch.randn(dim)).to(torch.float32)
    xd = x.double()
    out = F.batch_norm(xd, None, None, gamma.double(), beta.double(), training=True, eps=eps)
    mean = xd.mean(dim=0)
    var = xd.var(dim=0, unbiased=False)
    check = (xd - mean) / torch.sqrt(var + eps) * gamma.double() + beta.double()
    assert torch.allclose(out, check, atol=1e-12, rtol=0)
    f32 = F.batch_norm(x, None, None, gamma, beta, training=True, eps=eps)
    tensors = [("x", x), ("gamma", gamma), ("beta", beta), ("out", out), ("mean", mean), ("var", var)]
    meta = {"kind": "batch_norm", "rows": rows, "dim": dim, "eps": fmt(eps),
            "stats": "per feature over rows, biased variance (training mode)"}
    return tensors, meta, (f32 - out.float()).abs().max().item()


def padding_mask(batch, seq, pads):
    """pads[b] = number of trailing padded positions of sequence b; True = <PAD>."""
    m = torch.zeros(batch, seq, dtype=torch.bool)
    for b, p in enumerate(pads):
        if p:
            m[b, seq - p:] = True
    return m


def randomize_biases_and_norms(module):
    with torch.no_grad():
        for name, p in module.named_parameters():
            if name.endswith("in_proj_bias") or name.endswith("out_proj.bias"):
                p.copy_(0.2 * torch.randn_like(p))
            elif ".norm" in "." + name and name.endswith("weight"):
                p.copy_(1.0 + 0.3 * torch.randn_like(p))
            elif ".norm" in "." + name and name.endswith("bias"):
                p.copy_(0.2 * torch.randn_like(p))


def case_attention(batch=2, seq=5, d_model=16, n_heads=4, pads=(0, 2)):
    mha = torch.nn.MultiheadAttention(d_model, n_heads, batch_first=True)
    randomize_biases_and_norms(mha)
    mha.eval()
    x = torch.randn(batch, seq, d_model)
    mask = padding_mask(batch, seq, pads)
    assert torch.is_grad_enabled()
    f32_out, _ = mha(x, x, x, key_padding_mask=mask, need_weights=True, average_attn_weights=False)
    md = mha.double()
    xd = x.double()
    out, attn = md(xd, xd, xd, key_padding_mask=mask, need_weights=True, average_attn_weights=False)
    assert attn.shape == (batch, n_heads, seq, seq)
    assert torch.all(attn[mask[:, None, None, :].expand_as(attn)] == 0)
    sd = mha.state_dict()
    tensors = [("in_proj_weight", sd["in_proj_weight"]), ("in_proj_bias", sd["in_proj_bias"]),
               ("out_proj.weight", sd["out_proj.weight"]), ("out_proj.bias", sd["out_proj.bias"]),
               ("x", x), ("mask", mask.to(torch.float32)), ("output", out), ("attn", attn)]
    meta = {"kind": "multi_head_attention", "batch": batch, "seq": seq, "d_model": d_model,
            "n_heads": n_heads, "pads": ",".join(str(p) for p in pads),
            "mask": "F32 0/1, 1 = padded key (torch key_padding_mask True)",
            "attn": "per-head weights (batch, heads, seq, seq), average_attn_weights=False"}
    return tensors, meta, (f32_out - out.float()).abs().max().item()


def run_encoder(model, x, mask):
    """Forward with hooks capturing each layer's attention input; returns (output, [attn])."""
    captured = []
    hooks = [layer.self_attn.register_forward_hook(
        lambda mod, inp, out: captured.append(inp[0].detach().clone()))
        for layer in model.layers]
    try:
        out = model(x, src_key_padding_mask=mask)
    finally:
        for h in hooks:
            h.remove()
    assert len(captured) == len(model.layers)
    attns = []
    for layer, a_in in zip(model.layers, captured):
        _, w = layer.self_attn(a_in, a_in, a_in, key_padding_mask=mask, need_weights=True,
                               average_attn_weights=False)
        attns.append(w.detach())
    return out.detach(), attns


def make_encoder(n_layers, norm_first, activation, final_norm, d_model, n_heads, d_ff, eps):
    """A TransformerEncoder with every layer drawn on its own and random biases and norms."""
    layer = torch.nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=d_ff, dropout=0.0,
                                             activation=activation, layer_norm_eps=eps,
                                             batch_first=True, norm_first=norm_first)
    norm = torch.nn.LayerNorm(d_model, eps=eps) if final_norm else None
    model = torch.nn.TransformerEncoder(layer, n_layers, norm=norm, enable_nested_tensor=False)
    # TransformerEncoder deep-copies the layer, so every layer starts identical: re-draw them.
    for lyr in model.layers:
        lyr.self_attn._reset_parameters()
        for lin in (lyr.self_attn.out_proj, lyr.linear1, lyr.linear2):
            lin.reset_parameters()
    randomize_biases_and_norms(model)
    with torch.no_grad():
        for lyr in model.layers:  # the linear biases too, drawn from their default range
            for lin in (lyr.linear1, lyr.linear2):
                bound = 1.0 / math.sqrt(lin.in_features)
                lin.bias.uniform_(-bound, bound)
    return model


def case_encoder(n_layers, norm_first, activation, final_norm, batch, seq, pads,
                 d_model=16, n_heads=4, d_ff=32, eps=1e-5):
    model = make_encoder(n_layers, norm_first, activation, final_norm, d_model, n_heads, d_ff, eps)
    model.eval()
    # Grad must stay enabled with parameters requiring grad, or torch takes its fused fast
    # path, which (through nested tensors) zeroes the outputs at padded positions.
    assert torch.is_grad_enabled() and all(p.requires_grad for p in model.parameters())

    x = torch.randn(batch, seq, d_model)
    mask = padding_mask(batch, seq, pads)
    f32_out, _ = run_encoder(model, x, mask)
    sd_f32 = {k: v.detach().clone() for k, v in model.state_dict().items()}

    model = model.double()
    out, attns = run_encoder(model, x.double(), mask)

    # Independent cross-check of the float64 reference (also confirms no fast path).
    def ln(v, w, b):
        return F.layer_norm(v, (d_model,), w, b, eps)

    def mha(v, pre):
        qkv = v @ sd[pre + "in_proj_weight"].T + sd[pre + "in_proj_bias"]
        q, k, vv = qkv.split(d_model, dim=-1)
        hd = d_model // n_heads

        def heads(t):
            return t.reshape(batch, seq, n_heads, hd).transpose(1, 2)
        s = heads(q) @ heads(k).transpose(-1, -2) / math.sqrt(hd)
        s = s.masked_fill(mask[:, None, None, :], float("-inf"))
        a = torch.softmax(s, dim=-1)
        ctx = (a @ heads(vv)).transpose(1, 2).reshape(batch, seq, d_model)
        return ctx @ sd[pre + "out_proj.weight"].T + sd[pre + "out_proj.bias"], a

    sd = {k: v.detach() for k, v in model.state_dict().items()}
    act = F.relu if activation == "relu" else F.gelu
    h = x.double()
    for l in range(n_layers):
        p = "layers.%d." % l

        def ff(v):
            v = act(v @ sd[p + "linear1.weight"].T + sd[p + "linear1.bias"])
            return v @ sd[p + "linear2.weight"].T + sd[p + "linear2.bias"]
        if norm_first:
            sa, a = mha(ln(h, sd[p + "norm1.weight"], sd[p + "norm1.bias"]), p + "self_attn.")
            h = h + sa
            h = h + ff(ln(h, sd[p + "norm2.weight"], sd[p + "norm2.bias"]))
        else:
            sa, a = mha(h, p + "self_attn.")
            h = ln(h + sa, sd[p + "norm1.weight"], sd[p + "norm1.bias"])
            h = ln(h + ff(h), sd[p + "norm2.weight"], sd[p + "norm2.bias"])
        assert torch.allclose(a, attns[l], atol=1e-12, rtol=0), "attention capture mismatch"
    if final_norm:
        h = ln(h, sd["norm.weight"], sd["norm.bias"])
    assert torch.allclose(h, out, atol=1e-10, rtol=0), "encoder reference mismatch"
    if any(pads):
        assert out[mask].abs().max() > 0.1, "padded positions were zeroed (fast path?)"

    tensors = [(k, sd_f32[k]) for k in model.state_dict().keys()]
    tensors += [("x", x), ("mask", mask.to(torch.float32)), ("output", out)]
    tensors += [("attention.%d" % l, a) for l, a in enumerate(attns)]
    meta = {"kind": "transformer_encoder", "d_model": d_model, "n_heads": n_heads, "d_ff": d_ff,
            "n_layers": n_layers, "norm_first": fmt(bool(norm_first)), "activation": activation,
            "final_norm": fmt(bool(final_norm)), "eps": fmt(eps), "batch": batch, "seq": seq,
            "pads": ",".join(str(p) for p in pads),
            "mask": "F32 0/1, 1 = padded position (src_key_padding_mask True)",
            "attention": "attention.{l}: (batch, heads, seq, seq) per layer, per head"}
    return tensors, meta, (f32_out - out.float()).abs().max().item()


# --------------------------------------------------------------------------- gradients

def worst_rel(a, b):
    """max |a - b| / max |b|: the parity measure of the gradient tests."""
    return ((a - b).abs().max() / b.abs().max().clamp_min(1e-30)).item()


def case_encoder_grad(n_layers, norm_first, activation, final_norm, batch, seq, pads,
                      d_model=16, n_heads=4, d_ff=32, eps=1e-5):
    """Autograd of sum(output * grad_output) in float64, w.r.t. x and every parameter."""
    model = make_encoder(n_layers, norm_first, activation, final_norm, d_model, n_heads, d_ff, eps)
    model.train()  # dropout is 0; training mode keeps torch off its fused inference path
    x = torch.randn(batch, seq, d_model)
    dout = torch.randn(batch, seq, d_model)
    mask = padding_mask(batch, seq, pads)
    assert not mask.all(dim=1).any(), "a fully padded sequence is NaN in torch"
    sd_f32 = {k: v.detach().clone() for k, v in model.state_dict().items()}

    f32 = copy.deepcopy(model)
    x32 = x.clone().requires_grad_(True)
    f32(x32, src_key_padding_mask=mask).backward(dout)

    model = model.double()
    xd = x.double().requires_grad_(True)
    out = model(xd, src_key_padding_mask=mask)
    out.backward(dout.double())
    names = [n for n, _ in model.named_parameters()]
    assert names == list(sd_f32.keys()), "parameters and state_dict differ in order"
    grads = {n: p.grad.detach() for n, p in model.named_parameters()}
    f32_grads = dict(f32.named_parameters())
    f32_diff = max([worst_rel(x32.grad.double(), xd.grad)] +
                   [worst_rel(f32_grads[n].grad.double(), grads[n]) for n in names])

    tensors = [(k, sd_f32[k]) for k in names]
    tensors += [("x", x), ("mask", mask.to(torch.float32)), ("grad_output", dout),
                ("output", out.detach()), ("grad.x", xd.grad)]
    tensors += [("grad." + n, grads[n]) for n in names]
    meta = {"kind": "transformer_encoder_grad", "d_model": d_model, "n_heads": n_heads, "d_ff": d_ff,
            "n_layers": n_layers, "norm_first": fmt(bool(norm_first)), "activation": activation,
            "final_norm": fmt(bool(final_norm)), "eps": fmt(eps), "batch": batch, "seq": seq,
            "pads": ",".join(str(p) for p in pads),
            "mask": "F32 0/1, 1 = padded position (src_key_padding_mask True)",
            "loss": "sum(output * grad_output); grad.{name} = d loss / d {name}, grad.x = d loss / d x",
            "mode": "train() with dropout 0.0, float64 autograd"}
    return tensors, meta, f32_diff


def load_train_tiny():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import train_tiny
    return train_tiny


def case_tiny_sort_step(batch=16):
    """One training step of the tiny sort model (scripts/train_tiny.py) from a fresh init:
    embedding + PE + Pre-LN encoder + head, cross-entropy with <PAD> positions ignored."""
    tt = load_train_tiny()
    model = tt.TinySorter(tt.CONFIG)
    with torch.no_grad():  # exactly-F16 values, so the fixture can store them as F16
        for p in model.parameters():
            p.copy_(p.half().float())
    gen = torch.Generator().manual_seed(7)
    tokens, _ = tt.sample(gen, batch)
    pad = tokens == tt.PAD
    targets = tt.targets_of(tokens).masked_fill(pad, -100)
    sd_f32 = {k: v.detach().clone() for k, v in model.state_dict().items()}

    def loss_of(m):
        logits = m(tokens)
        return F.cross_entropy(logits.reshape(-1, tt.N_CLASSES), targets.reshape(-1), ignore_index=-100)

    f32 = copy.deepcopy(model)
    f32.train()
    loss_of(f32).backward()
    model = model.double()
    model.train()
    loss = loss_of(model)
    loss.backward()
    names = [n for n, _ in model.named_parameters()]
    assert names == list(sd_f32.keys())
    grads = {n: p.grad.detach() for n, p in model.named_parameters()}
    f32_grads = dict(f32.named_parameters())
    f32_diff = max(worst_rel(f32_grads[n].grad.double(), grads[n]) for n in names)

    tensors = [(n, sd_f32[n], "F16") for n in names]
    tensors += [("tokens", tokens.to(torch.float32)), ("targets", targets.to(torch.float32)),
                ("loss", loss.detach().reshape(1))]
    tensors += [("grad." + n, grads[n]) for n in names]
    cfg = tt.CONFIG
    meta = {"kind": "tiny_sort_step", "batch": batch, "seq": tt.SEQ, "vocab": len(tt.VOCAB),
            "classes": tt.N_CLASSES, "pad_token": tt.PAD, "ignore_index": -100,
            "d_model": cfg["d_model"], "n_heads": cfg["n_heads"], "d_ff": cfg["d_ff"],
            "n_layers": cfg["n_layers"], "norm_first": fmt(bool(cfg["norm_first"])),
            "activation": cfg["activation"], "final_norm": fmt(bool(cfg["final_norm"])),
            "eps": fmt(cfg["eps"]),
            "model": "scripts/train_tiny.py TinySorter, fresh init rounded to F16 (stored as F16)",
            "pe": tt.PE_FORMULA,
            "loss": "F.cross_entropy(logits, targets, ignore_index=-100), mean over non-<PAD> positions",
            "tensors": "parameters by state_dict name (F16, exact); tokens (batch, seq), targets "
                       "(-100 at <PAD>), loss (1,), grad.{name} (F32, float64 autograd)"}
    return tensors, meta, f32_diff


def case_adamw(n, steps, lr, betas, eps, weight_decay):
    """torch.optim.AdamW in float64 over `steps` steps with given float32 gradients."""
    p = torch.randn(n)
    grads = [torch.randn(n) * (0.1 * (t + 1)) for t in range(steps)]
    for g in grads:
        g[::7] = 0.0  # zero gradients: only weight decay moves those elements
    pd = p.double().clone().requires_grad_(True)
    opt = torch.optim.AdamW([pd], lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
    p32 = p.clone().requires_grad_(True)
    opt32 = torch.optim.AdamW([p32], lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
    tensors = [("param", p)]
    f32_diff = 0.0
    for t, g in enumerate(grads, start=1):
        pd.grad = g.double()
        opt.step()
        p32.grad = g.clone()
        opt32.step()
        f32_diff = max(f32_diff, worst_rel(p32.detach().double(), pd.detach()))
        st = opt.state[pd]
        tensors += [("grad.%d" % t, g), ("param.%d" % t, pd.detach().clone()),
                    ("exp_avg.%d" % t, st["exp_avg"].clone()),
                    ("exp_avg_sq.%d" % t, st["exp_avg_sq"].clone())]
    meta = {"kind": "adamw", "n": n, "steps": steps, "lr": fmt(lr), "beta1": fmt(betas[0]),
            "beta2": fmt(betas[1]), "eps": fmt(eps), "weight_decay": fmt(weight_decay),
            "tensors": "param (start), then per step t = 1..steps: grad.t, and after the step "
                       "param.t, exp_avg.t, exp_avg_sq.t (torch.optim.AdamW, float64)"}
    return tensors, meta, f32_diff


# --------------------------------------------------------------------------- main

def cases():
    yield "pe_d16_base10000", 101, lambda: case_pe(16, 10000.0) + (None,)
    yield "pe_d7_base10000", 102, lambda: case_pe(7, 10000.0) + (None,)
    yield "pe_d16_base100", 103, lambda: case_pe(16, 100.0) + (None,)
    yield "layernorm_5x37", 201, lambda: case_layer_norm(5, 37)
    yield "layernorm_3x64", 202, lambda: case_layer_norm(3, 64)
    yield "rmsnorm_4x33", 301, lambda: case_rms_norm(4, 33)
    yield "rmsnorm_2x64", 302, lambda: case_rms_norm(2, 64)
    yield "batchnorm_6x13", 401, lambda: case_batch_norm(6, 13)
    yield "attention_b2_s5_d16_h4", 501, lambda: case_attention()
    yield "encoder_a_postln_relu_1l", 601, lambda: case_encoder(
        1, False, "relu", False, batch=1, seq=6, pads=(0,))
    yield "encoder_b_preln_gelu_1l", 602, lambda: case_encoder(
        1, True, "gelu", False, batch=1, seq=6, pads=(0,))
    yield "encoder_c_postln_gelu_2l_norm", 603, lambda: case_encoder(
        2, False, "gelu", True, batch=1, seq=6, pads=(0,))
    yield "encoder_d_preln_relu_2l_norm_pad", 604, lambda: case_encoder(
        2, True, "relu", True, batch=2, seq=6, pads=(0, 3))
    for i, (norm_first, act, final) in enumerate([(False, "relu", False), (False, "gelu", True),
                                                  (True, "relu", True), (True, "gelu", False)]):
        name = "grad_encoder_%s_%s_2l%s_pad" % ("preln" if norm_first else "postln", act,
                                                "_norm" if final else "")
        yield name, 701 + i, (lambda nf=norm_first, a=act, fn=final: case_encoder_grad(
            2, nf, a, fn, batch=3, seq=5, pads=(0, 2, 4)))
    yield "grad_tiny_sort_step", 801, lambda: case_tiny_sort_step()
    yield "adamw_n37_tiny", 901, lambda: case_adamw(37, 3, 2e-3, (0.9, 0.98), 1e-8, 0.01)
    yield "adamw_n64_default", 902, lambda: case_adamw(64, 3, 1e-3, (0.9, 0.999), 1e-8, 0.01)


# Cases whose float32 sanity figure is a relative error (worst_rel), not an absolute maxdiff.
RELATIVE_KINDS = ("transformer_encoder_grad", "tiny_sort_step", "adamw")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.set_num_threads(1)
    total = 0
    print("torch %s -> %s" % (torch.__version__, args.out))
    for name, seed, make in cases():
        torch.manual_seed(seed)
        tensors, meta, f32_diff = make()
        meta = dict(meta)
        meta["seed"] = seed
        meta["generator"] = "scripts/gen_golden.py, torch %s, float64 reference" % torch.__version__
        path = os.path.join(args.out, name + ".safetensors")
        size = write_safetensors(path, tensors, meta)
        total += size
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()[:12]
        measure = "worst rel" if meta["kind"] in RELATIVE_KINDS else "maxdiff"
        extra = "" if f32_diff is None else "  (torch f32 vs f64 %s %.2e)" % (measure, f32_diff)
        print("  %-36s %7d bytes  %2d tensors  sha256 %s%s" % (name + ".safetensors", size,
                                                             len(tensors), digest, extra))
    print("total %d bytes (%.1f KiB)" % (total, total / 1024.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
