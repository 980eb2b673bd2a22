//! Placeholder: the variant files compiled into the binary.
