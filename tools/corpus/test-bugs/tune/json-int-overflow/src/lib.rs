//! Parses a big JSON document with json 0.7.4.
