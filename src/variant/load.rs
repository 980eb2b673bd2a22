//! Placeholder: loading variant files.
use super::Variant;

#[derive(Debug)]
pub struct LoadError(pub String);

pub fn load_str(text: &str, source: &str) -> Result<Variant, LoadError> {
    let _ = (text, source);
    Err(LoadError("not written yet".into()))
}
pub fn load_file(path: &std::path::Path) -> Result<Variant, LoadError> {
    let _ = path;
    Err(LoadError("not written yet".into()))
}
pub fn load_by_name(name: &str) -> Result<Variant, LoadError> {
    let _ = name;
    Err(LoadError("not written yet".into()))
}
