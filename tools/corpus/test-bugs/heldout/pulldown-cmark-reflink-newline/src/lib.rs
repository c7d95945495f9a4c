//! Renders a big Markdown document with pulldown-cmark 0.6.0.
