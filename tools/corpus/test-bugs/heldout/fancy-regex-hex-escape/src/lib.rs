//! Parses every pattern of a big regex list with fancy-regex 0.6.0.
