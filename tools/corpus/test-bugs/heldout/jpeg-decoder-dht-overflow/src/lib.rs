//! Decodes a big JPEG with jpeg-decoder 0.1.11.
