// cmd: rustc --edition=2021
// miscompile: -C opt-level=0 | -C opt-level=3
// outputs: result: ([3], 0)\n | result: ([3], 9)\n
// source: https://github.com/rust-lang/rust/issues/149294
#[inline(never)]
fn sink<V>(v: V) {
    std::hint::black_box(v);
}

#[inline(never)]
fn reshuffle(
    mut head: ([u8; 1], u32),
    spare: ([u8; 1], u32),
    mut whole: (([u8; 1], u32), [u8; 5]),
) -> ([u8; 1], u32) {
    head = (whole.0.0, 0);
    whole.0 = head;
    let out = head;
    sink(spare.1);
    sink(whole);
    out
}

#[inline(never)]
fn build() -> ([u8; 1], u32) {
    let mut pack: (([u8; 1], u32), [u8; 5]) = (([0], 0), [0; 5]);
    pack.0.0 = [3];
    pack.0.1 = 9;
    pack.1 = [1; 5];
    let got = reshuffle(pack.0, pack.0, pack);
    sink(pack);
    got
}

fn main() {
    let label = "result";
    println!("{}: {:?}", label, build());
}
