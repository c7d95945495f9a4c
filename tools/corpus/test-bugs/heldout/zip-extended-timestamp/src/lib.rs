//! Opens a big ZIP archive with zip 4.6.1.
