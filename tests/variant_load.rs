use alfil::variant::*;
#[test]
fn scratch() {
    for n in embedded_names() {
        match load_by_name(&n) { Ok(v) => println!("ok {} {}x{} {}", v.name, v.files, v.ranks, v.pieces.len()), Err(e) => println!("{e}") }
    }
}
