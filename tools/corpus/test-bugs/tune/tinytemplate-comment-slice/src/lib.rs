//! Compiles a big TinyTemplate template with tinytemplate 1.2.1.
