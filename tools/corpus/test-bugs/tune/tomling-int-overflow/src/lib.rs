//! Parses a big TOML document with tomling 0.1.0.
