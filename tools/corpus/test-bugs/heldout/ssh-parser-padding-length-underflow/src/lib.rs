//! Parses the binary packets of a big SSH transport with ssh-parser 0.1.0.
