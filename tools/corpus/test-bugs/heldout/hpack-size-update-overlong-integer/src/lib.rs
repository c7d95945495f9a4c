//! Decodes the HPACK header blocks of a big HTTP/2 stream with hpack 0.3.0.
