# Checks the PyTorch code the page shows (scripts/article_code.py) against torch itself:
#   python3 scripts/check_article_code.py        (needs python3-torch; prints the max differences)
# PE against the paper's formula, layer_norm against F.layer_norm, the Pre-LN block and the Post-LN
# layer against nn.TransformerEncoderLayer(norm_first=True/False) with the same weights, and the
# stacks against nn.TransformerEncoder (a final LayerNorm for Pre-LN, none for Post-LN).
import math
import sys
from pathlib import Path

import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from article_code import (FeedForward, PostLNEncoder, PostLNLayer, PreLNBlock, PreLNEncoder,  # noqa: E402
                          add_positions, layer_norm, sinusoidal_pe)

torch.manual_seed(0)
worst = {}


def report(name, a, b, tol):
    d = (a - b).abs().max().item()
    worst[name] = d
    print(f'{name:<28} max |diff| = {d:.3g}' + ('' if d <= tol else f'  > {tol}  FAILED'))
    return d <= tol


def copy_layer(ours, torch_layer):
    ours.attn.load_state_dict(torch_layer.self_attn.state_dict())
    ours.norm1.load_state_dict(torch_layer.norm1.state_dict())
    ours.norm2.load_state_dict(torch_layer.norm2.state_dict())
    ours.ffn.linear1.load_state_dict(torch_layer.linear1.state_dict())
    ours.ffn.linear2.load_state_dict(torch_layer.linear2.state_dict())


ok = True
d, heads, dff, seq = 8, 2, 16, 5
formula = torch.tensor([[math.sin(p / 10000 ** (2 * (j // 2) / 16)) if j % 2 == 0 else math.cos(p / 10000 ** (2 * (j // 2) / 16))
                         for j in range(16)] for p in range(50)])
ok &= report('sinusoidal_pe vs formula', sinusoidal_pe(50, 16), formula, 1e-7)
x = torch.randn(3, seq, d)
ok &= report('add_positions', add_positions(x), x + sinusoidal_pe(seq, d), 0)
g, b = torch.randn(d), torch.randn(d)
ok &= report('layer_norm vs F.layer_norm', layer_norm(x, g, b), nn.functional.layer_norm(x, (d,), g, b), 1e-5)
ffn = FeedForward(d, dff, 'gelu')
ok &= report('FeedForward (GELU)', ffn(x), ffn.linear2(nn.functional.gelu(ffn.linear1(x))), 0)
mask = torch.tensor([[False] * (seq - 1) + [True]] * 3)
with torch.no_grad():
    for norm_first, cls, enc_cls in ((True, PreLNBlock, PreLNEncoder), (False, PostLNLayer, PostLNEncoder)):
        name = 'Pre-LN' if norm_first else 'Post-LN'
        layer = nn.TransformerEncoderLayer(d, heads, dff, dropout=0.0, batch_first=True, norm_first=norm_first).eval()
        ours = cls(d, heads, dff).eval()
        copy_layer(ours, layer)
        ok &= report(f'{name} layer vs torch', ours(x, mask), layer(x, src_key_padding_mask=mask), 1e-5)
        stack = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(d) if norm_first else None, enable_nested_tensor=False).eval()
        ours_stack = enc_cls(2, d, heads, dff).eval()
        for o, t in zip(ours_stack.layers, stack.layers):
            copy_layer(o, t)
        if norm_first:
            ours_stack.final_norm.load_state_dict(stack.norm.state_dict())
        ok &= report(f'{name} stack vs torch', ours_stack(x, mask), stack(x, src_key_padding_mask=mask), 1e-5)
print('all match' if ok else 'MISMATCH')
sys.exit(0 if ok else 1)
