//! Loads a big YAML document with serde_yaml 0.9.0.
