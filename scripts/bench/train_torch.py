#!/usr/bin/python3
"""One training step of the tiny sort model in PyTorch on the CPU, one thread (scripts/bench/train.mjs).

Reads JSON on stdin: {"params": {name: [floats]}, "tokens": [...], "targets": [...], "batch": B,
"seq": S, "steps": N, "lr": lr}; builds scripts/train_tiny.py's TinySorter (Pre-LN), loads the
parameters, and prints JSON: the loss of the first step (before any update) and the time of each
of N steps (forward, cross-entropy, backward, torch.optim.Adam step), in milliseconds.
Run with Debian's interpreter (torch 1.13): /usr/bin/python3 scripts/bench/train_torch.py
"""

import json
import os
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from train_tiny import CONFIG, N_CLASSES, TinySorter  # noqa: E402


def main():
    job = json.load(sys.stdin)
    torch.set_num_threads(1)
    torch.manual_seed(0)
    model = TinySorter(CONFIG)
    sd = model.state_dict()
    with torch.no_grad():
        for name, values in job["params"].items():
            sd[name].copy_(torch.tensor(values, dtype=torch.float32).reshape(sd[name].shape))
    model.load_state_dict(sd)
    model.train()
    b, s = job["batch"], job["seq"]
    tokens = torch.tensor(job["tokens"], dtype=torch.long).reshape(b, s)
    targets = torch.tensor(job["targets"], dtype=torch.long).reshape(-1)
    opt = torch.optim.Adam(model.parameters(), lr=job["lr"], betas=(0.9, 0.98), eps=1e-8)
    times, first = [], None
    for _ in range(job["steps"]):
        t0 = time.perf_counter()
        logits = model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, N_CLASSES), targets, ignore_index=-100)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        times.append((time.perf_counter() - t0) * 1000)
        if first is None:
            first = loss.item()
    print(json.dumps({"loss": first, "ms": times, "torch": torch.__version__, "threads": torch.get_num_threads()}))


if __name__ == "__main__":
    main()
