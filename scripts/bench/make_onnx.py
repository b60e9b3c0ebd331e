#!/usr/bin/python3
"""ONNX models for the onnxruntime-web peer of `npm run bench`, made with Debian's python3-onnx
(and python3-torch for the encoder layer). Written into build/bench/onnx/ (not committed: the
encoder layers are ~13 MB each); run/bench.mjs calls this when a model is missing.

  /usr/bin/python3 scripts/bench/make_onnx.py [--out DIR] [--only norms|encoder]

Norms (rows are a dynamic axis, gamma/beta are initializers with the deterministic values that
scripts/bench/inputs.mjs computes too, so both sides normalize with the same parameters):
  layernorm_d{dim}.onnx   LayerNormalization, opset 17, axis -1, epsilon 1e-5
  rmsnorm_d{dim}.onnx     RMSNormalization, opset 23, axis -1, epsilon 1e-6. python3-onnx 1.12
                          predates opset 23 and has no schema for it, so the node is written
                          as it is spelt in the ONNX spec and the model is not run through
                          onnx.checker (onnxruntime-web 1.30 implements the op).
  rmsnorm_prim_d{dim}.onnx the same maths in opset-17 primitives (Mul, ReduceMean, Add, Sqrt,
                          Div, Mul): the fallback when a runtime refuses opset 23.
Encoder (torch.nn.TransformerEncoderLayer(512, 8, 2048, dropout=0, GELU, Post-LN,
batch_first=True), torch.manual_seed(0), eval, exported with torch.onnx.export at opset 17):
  encoder_s{seq}.onnx     input "x" (1, seq, 512) -> "y" (1, seq, 512), one static shape each
  encoder_weights.safetensors   the same weights under torch.nn.TransformerEncoder names
                          ("layers.0.…") for normwave's Encoder.loadSafetensors
"""
import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "build", "bench", "onnx")
NORM_DIMS = (8, 64, 256, 512, 768, 1024)
ENCODER_SEQS = (128, 512)
D_MODEL, N_HEADS, D_FF = 512, 8, 2048

sys.path.insert(0, os.path.join(ROOT, "scripts"))
from safetensors_writer import write_safetensors  # noqa: E402 (the path above first)


def norm_params(dim):
    """gamma_i = 1 + 0.1 sin(i), beta_i = 0.1 cos(i); inputs.mjs#normParams computes the same."""
    gamma = [1.0 + 0.1 * math.sin(i) for i in range(dim)]
    beta = [0.1 * math.cos(i) for i in range(dim)]
    return gamma, beta


def save(model, path, check=True):
    import onnx
    if check:
        onnx.checker.check_model(model)
    onnx.save(model, path)
    print("  %-32s %9d bytes" % (os.path.basename(path), os.path.getsize(path)))


def norm_models(out):
    import onnx
    from onnx import TensorProto, helper

    def io(dim):
        x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["rows", dim])
        y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["rows", dim])
        return x, y

    for dim in NORM_DIMS:
        gamma, beta = norm_params(dim)
        g = helper.make_tensor("gamma", TensorProto.FLOAT, [dim], gamma)
        b = helper.make_tensor("beta", TensorProto.FLOAT, [dim], beta)
        x, y = io(dim)

        node = helper.make_node("LayerNormalization", ["x", "gamma", "beta"], ["y"], axis=-1, epsilon=1e-5)
        graph = helper.make_graph([node], "layernorm", [x], [y], initializer=[g, b])
        save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]),
             os.path.join(out, "layernorm_d%d.onnx" % dim))

        node = helper.make_node("RMSNormalization", ["x", "gamma"], ["y"], axis=-1, epsilon=1e-6)
        graph = helper.make_graph([node], "rmsnorm", [x], [y], initializer=[g])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 23)])
        model.ir_version = 11  # the IR version that opset 23 was released with
        save(model, os.path.join(out, "rmsnorm_d%d.onnx" % dim), check=False)

        eps = helper.make_tensor("eps", TensorProto.FLOAT, [], [1e-6])
        nodes = [
            helper.make_node("Mul", ["x", "x"], ["sq"]),
            helper.make_node("ReduceMean", ["sq"], ["ms"], axes=[-1], keepdims=1),
            helper.make_node("Add", ["ms", "eps"], ["mse"]),
            helper.make_node("Sqrt", ["mse"], ["rms"]),
            helper.make_node("Div", ["x", "rms"], ["xn"]),
            helper.make_node("Mul", ["xn", "gamma"], ["y"]),
        ]
        graph = helper.make_graph(nodes, "rmsnorm_prim", [x], [y], initializer=[g, eps])
        save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]),
             os.path.join(out, "rmsnorm_prim_d%d.onnx" % dim))


def encoder_models(out):
    import torch
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(D_MODEL, N_HEADS, dim_feedforward=D_FF, dropout=0.0,
                                             activation="gelu", batch_first=True, norm_first=False)
    layer.eval()
    path = os.path.join(out, "encoder_weights.safetensors")
    write_safetensors(path, [("layers.0." + k, v) for k, v in layer.state_dict().items()])
    print("  %-32s %9d bytes" % (os.path.basename(path), os.path.getsize(path)))
    for seq in ENCODER_SEQS:
        x = torch.randn(1, seq, D_MODEL)
        path = os.path.join(out, "encoder_s%d.onnx" % seq)
        # Gradients stay enabled so torch 1.13 takes the exportable Python path, not its fused
        # inference kernel (torch._transformer_encoder_layer_fwd has no ONNX symbolic).
        torch.onnx.export(layer, (x,), path, input_names=["x"], output_names=["y"], opset_version=17,
                          do_constant_folding=True)
        print("  %-32s %9d bytes" % (os.path.basename(path), os.path.getsize(path)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--only", choices=["norms", "encoder"])
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    try:
        import onnx  # noqa: F401
    except ImportError:
        sys.exit("make_onnx: python3-onnx is missing (apt-get install python3-onnx)")
    if args.only != "encoder":
        norm_models(args.out)
    if args.only != "norms":
        try:
            import torch  # noqa: F401
        except ImportError:
            sys.exit("make_onnx: python3-torch is missing (apt-get install python3-torch)")
        encoder_models(args.out)


if __name__ == "__main__":
    main()
