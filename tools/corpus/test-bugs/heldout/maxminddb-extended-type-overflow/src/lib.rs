//! Parses a big ABNF grammar with abnf 0.10.2.
