//! Decompresses a big Snappy frame stream with snap 1.0.0.
