//! Compiles a big Tera template with tera 1.20.0.
