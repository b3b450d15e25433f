#!/usr/bin/env bash
# What #[derive(Pass)] costs a crate that uses it: generates a crate of 20
# derived compute passes against the zenfg checkout RUNTIME, builds its
# dependencies once, then times (dev profile, medians of ROUNDS runs) a clean
# build of the crate alone and a rebuild after touching one pass, in wall and
# CPU seconds.
#
#     scripts/macro-build-cost.sh [RUNTIME=.] [ROUNDS=5] [MODE=bound]
#
# MODE `plain`: the passes say nothing of bindings (what older checkouts
# support). MODE `bound`: 10 passes name a WGSL shader, which the derive
# parses and checks, and 10 give their bindings as attributes.
set -euo pipefail
# A failing build inside the timing loops stops the script instead of timing an error.
shopt -s inherit_errexit
runtime=$(cd "${1:-.}" && pwd)
rounds=${2:-5}
mode=${3:-bound}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/shaders"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "macro-cost"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
zenfg-runtime = { path = "$runtime/zenfg-runtime" }

[workspace]
TOML
cp "$runtime/Cargo.lock" "$work/Cargo.lock"
{
  echo "#![allow(dead_code)]"
  for n in $(seq 0 19); do echo "mod pass_$n;"; done
  echo "fn main() {}"
} >"$work/src/main.rs"
for n in $(seq 0 19); do
  file="$work/src/pass_$n.rs"
  if [ "$mode" = bound ] && [ "$n" -lt 10 ]; then
    cat >"$work/shaders/pass_$n.wgsl" <<WGSL
struct Params { scale: f32, bias: f32 }
@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> values: array<f32>;
@group(0) @binding(2) var<uniform> params: Params;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let texel = textureLoad(source, vec2<u32>(id.x % 16u, 0u), 0);
    values[id.x] = texel.x * params.scale + params.bias + f32($n);
}
WGSL
    attrs=("#[pass(compute, shader = \"shaders/pass_$n.wgsl\")]" "#[sampled]" "#[storage_write(overwrite)]" "#[uniform]")
  elif [ "$mode" = bound ]; then
    attrs=("#[pass(compute)]" "#[sampled(binding = 0)]" "#[storage_write(overwrite, binding = 1)]" "#[uniform(binding = 2)]")
  else
    attrs=("#[pass(compute)]" "#[sampled]" "#[storage_write(overwrite)]" "#[uniform]")
  fi
  cat >"$file" <<RUST
use zenfg_runtime::prelude::*;

#[derive(Pass)]
${attrs[0]}
pub struct Pass$n<'f> {
    ${attrs[1]}
    source: Texture<'f>,
    ${attrs[2]}
    #[root(output)]
    values: Buffer<'f>,
    ${attrs[3]}
    params: BufferSlice<'f>,
}
RUST
done
cd "$work"
cargo build -q
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Wall seconds and CPU seconds (user + system, of cargo and the compilers it
# runs) of one build; CPU time is what other load on the machine disturbs least.
timed_build() {
  /usr/bin/time -f "%e %U %S" -o "$work/time" cargo build -q
  awk '{ print $1, $2 + $3 }' "$work/time"
}
clean=$(for _ in $(seq "$rounds"); do
  cargo clean -q -p macro-cost
  timed_build
done)
touched=$(for _ in $(seq "$rounds"); do
  touch src/pass_3.rs
  timed_build
done)
column() { awk -v c="$1" '{ print $c }' | median; }
echo "mode=$mode rounds=$rounds clean_wall_s=$(column 1 <<<"$clean") clean_cpu_s=$(column 2 <<<"$clean")" \
  "touched_one_pass_wall_s=$(column 1 <<<"$touched") touched_one_pass_cpu_s=$(column 2 <<<"$touched")"
