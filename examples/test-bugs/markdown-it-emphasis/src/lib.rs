//! Nothing here: the test exercises the dependency directly.
