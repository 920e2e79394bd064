//! The wasm module's stack. Rust code's frames live in the module's own
//! linear memory (the "shadow stack", 1 MiB by default for wasm32), which
//! overflows silently into the module's data: a statement whose trees were
//! within the parser's depth bounds (1,000 expression levels) still went
//! past 1 MiB while compiling (about 1.2 KB per level of an `AND`, `OR`,
//! `+` or `||` chain: 990 levels trapped). 8 MiB puts the bounds at a
//! sixth of it, and costs 8 MiB of the module's memory.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg=-zstack-size={}", 8 << 20);
    }
}
