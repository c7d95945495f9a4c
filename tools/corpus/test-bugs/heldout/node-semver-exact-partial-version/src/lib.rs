//! Parses a big list of npm version ranges with node-semver 2.0.0.
