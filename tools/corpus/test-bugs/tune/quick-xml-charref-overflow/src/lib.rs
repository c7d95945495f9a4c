//! Reads and unescapes a big XML feed with quick-xml 0.10.0.
