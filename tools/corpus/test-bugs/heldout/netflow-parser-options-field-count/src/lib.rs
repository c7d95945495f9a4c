//! Parses a big IPFIX export stream with netflow_parser 0.1.9.
