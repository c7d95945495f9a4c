//! Decodes a big ICO file with ico 0.3.0.
