//! Demangles a big symbol list (`nm` output) with rustc-demangle 0.1.5.
