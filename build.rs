//! Build script: embeds every `variants/*.ron` into the binary by writing
//! `$OUT_DIR/embedded_variants.rs`, two tables of `include_str!`s (variant files, and the
//! evaluation weights files `*.weights.ron` beside them) and one of `include_bytes!`s (the
//! networks `*.nnue` beside them) that `src/variant/embedded.rs` includes. Cargo reruns it
//! whenever the `variants` folder changes.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=variants");
    println!("cargo:rerun-if-changed=build.rs");
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = root.join("variants");
    let with_extension = |extension: &str| {
        let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == extension))
                    .collect()
            })
            .unwrap_or_default();
        paths.sort();
        paths
    };
    let files = with_extension("ron");
    let nets = with_extension("nnue");
    let (weights, files): (Vec<PathBuf>, Vec<PathBuf>) = files
        .into_iter()
        .partition(|p| p.to_string_lossy().ends_with(".weights.ron"));
    let mut out = table("FILES", &files, ".ron");
    out.push_str(&table("WEIGHTS", &weights, ".weights.ron"));
    out.push_str(&net_table(&nets));
    let target =
        Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_variants.rs");
    fs::write(&target, out).expect("cannot write embedded_variants.rs");
}

/// A static table named `name` of the files at `paths`, each with its file name less `suffix`
/// as its stem and its text included.
fn table(name: &str, paths: &[PathBuf], suffix: &str) -> String {
    let mut out = format!("pub static {name}: &[EmbeddedFile] = &[\n");
    for path in paths {
        let file_name = path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stem = file_name.trim_end_matches(suffix);
        let absolute = fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        writeln!(
            out,
            "    EmbeddedFile {{ stem: {stem:?}, text: include_str!({:?}) }},",
            absolute.display().to_string()
        )
        .expect("writing to a String cannot fail");
    }
    out.push_str("];\n");
    out
}

/// The static table `NETS` of the network files at `paths`, each with its file name less
/// `.nnue` as its stem and its bytes included.
fn net_table(paths: &[PathBuf]) -> String {
    let mut out = "pub static NETS: &[EmbeddedNet] = &[\n".to_string();
    for path in paths {
        let file_name = path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stem = file_name.trim_end_matches(".nnue");
        let absolute = fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        writeln!(
            out,
            "    EmbeddedNet {{ stem: {stem:?}, bytes: include_bytes!({:?}) }},",
            absolute.display().to_string()
        )
        .expect("writing to a String cannot fail");
    }
    out.push_str("];\n");
    out
}
