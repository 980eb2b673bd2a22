//! Placeholder: the serde shape of variant files.
