//! Parses a big MySQL dump with sqlparser 0.43.1.
