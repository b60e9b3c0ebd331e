# The PyTorch code that <nw-kernel-source> shows beside our C++ kernels: PE, LayerNorm, the FFN, a
# Pre-LN block and stack, a Post-LN layer and stack. Written for this project (not taken from the
# source articles). scripts/extract-kernel-source.mjs copies each top-level def/class into the page
# at build time; a trailing "#@ step" marks the figure step a line performs and is not shown.
# scripts/check_article_code.py checks this file against torch (python3-torch).
import torch
from torch import nn


def sinusoidal_pe(seq_len: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    pos = torch.arange(seq_len, dtype=torch.float64)[:, None]  #@ pos
    i = torch.arange(d_model // 2, dtype=torch.float64)[None, :]  #@ omega
    omega = base ** (-2 * i / d_model)  #@ omega
    angle = pos * omega  #@ angle
    pe = torch.empty(seq_len, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angle)  #@ sin
    pe[:, 1::2] = torch.cos(angle)  #@ cos
    return pe.float()


def add_positions(emb: torch.Tensor) -> torch.Tensor:  # emb: (batch, seq, d_model)
    _, seq_len, d_model = emb.shape
    return emb + sinusoidal_pe(seq_len, d_model)  #@ add


def layer_norm(x, gamma, beta, eps=1e-5):  # x: (..., H); gamma, beta: (H,)
    mu = x.mean(dim=-1, keepdim=True)  #@ 1
    var = ((x - mu) ** 2).mean(dim=-1, keepdim=True)  #@ 2
    x_hat = (x - mu) / torch.sqrt(var + eps)  #@ 3
    return gamma * x_hat + beta  #@ 4


class FeedForward(nn.Module):
    def __init__(self, d_model: int, d_ff: int, activation: str = "relu"):
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)  #@ linear1
        self.act = nn.GELU() if activation == "gelu" else nn.ReLU()  #@ act
        self.linear2 = nn.Linear(d_ff, d_model)  #@ linear2

    def forward(self, x):  # x: (batch, seq, d_model); every position on its own
        h = self.linear1(x)  #@ linear1
        h = self.act(h)  #@ act
        return self.linear2(h)  #@ linear2


class PreLNBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, d_ff: int):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)  #@ ln1
        self.attn = nn.MultiheadAttention(d_model, n_heads, batch_first=True)  #@ attn
        self.norm2 = nn.LayerNorm(d_model)  #@ ln2
        self.ffn = FeedForward(d_model, d_ff)  #@ ffn

    def forward(self, x, pad_mask=None):
        h = self.norm1(x)  #@ ln1
        a, _ = self.attn(h, h, h, key_padding_mask=pad_mask, need_weights=False)  #@ attn
        x = x + a  #@ add1
        h = self.norm2(x)  #@ ln2
        f = self.ffn(h)  #@ ffn
        x = x + f  #@ add2
        return x


class PreLNEncoder(nn.Module):
    def __init__(self, n_layers: int, d_model: int, n_heads: int, d_ff: int):
        super().__init__()
        self.layers = nn.ModuleList(PreLNBlock(d_model, n_heads, d_ff) for _ in range(n_layers))
        self.final_norm = nn.LayerNorm(d_model)  #@ final

    def forward(self, x, pad_mask=None):
        for layer in self.layers:
            x = layer(x, pad_mask)
        return self.final_norm(x)  #@ final


class PostLNLayer(nn.Module):
    def __init__(self, d_model: int, n_heads: int, d_ff: int):
        super().__init__()
        self.attn = nn.MultiheadAttention(d_model, n_heads, batch_first=True)  #@ attn
        self.norm1 = nn.LayerNorm(d_model)  #@ ln1
        self.ffn = FeedForward(d_model, d_ff)  #@ ffn
        self.norm2 = nn.LayerNorm(d_model)  #@ ln2

    def forward(self, x, pad_mask=None):
        a, _ = self.attn(x, x, x, key_padding_mask=pad_mask, need_weights=False)  #@ attn
        x = x + a  #@ add1
        x = self.norm1(x)  #@ ln1
        f = self.ffn(x)  #@ ffn
        x = x + f  #@ add2
        x = self.norm2(x)  #@ ln2
        return x


class PostLNEncoder(nn.Module):
    def __init__(self, n_layers: int, d_model: int, n_heads: int, d_ff: int):
        super().__init__()
        self.layers = nn.ModuleList(PostLNLayer(d_model, n_heads, d_ff) for _ in range(n_layers))

    def forward(self, x, pad_mask=None):
        for layer in self.layers:
            x = layer(x, pad_mask)
        return x
