// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin
// ice: Normalization of `ty::ConstKind::Expr` is unimplemented
// source: rust-lang/rust tests/crashes/110378.rs
#![feature(generic_const_exprs)]

fn main() {
    let cells = [[3_u8; 1]; 8];

    let _: [u8; 4] = widen(
        widen(widen(cells[0], cells[1]), widen(cells[2], cells[3])),
        widen(widen(cells[4], cells[5]), widen(cells[6], cells[7])),
    );
}

fn widen<const K: usize>(_x: [u8; K], _y: [u8; K]) -> [u8; K + 1] {
    [7_u8; K + 1]
}
