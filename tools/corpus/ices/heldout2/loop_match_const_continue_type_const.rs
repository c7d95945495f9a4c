// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_mir_build/src/builder/scope.rs
// source: rust-lang/rust tests/crashes/156410.rs
#![feature(loop_match)]
#![feature(min_generic_const_args)]

pub trait Machine {
    type const START: usize;
    fn run() {
        let mut phase;
        #[loop_match]
        loop {
            phase = 'step: {
                match phase {
                    3 => {
                        #[const_continue]
                        break 'step Self::START
                    }
                    _ => todo!(),
                }
            }
        }
    }
}
