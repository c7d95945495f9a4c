//! Parses a big Luau script with full_moon 1.1.0.
