//! Decodes a big multi-page TIFF with tiff 0.10.3.
