//! The scripts the order tests run: every sample (samples/*.sql), every
//! tests/articles/ script and every demo (samples/demos/).

use std::path::Path;

/// Each script's name (`dir/file.sql`) and text, in name order within
/// samples, articles, demos.
pub fn corpus_scripts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["samples", "tests/articles", "samples/demos"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for f in files.into_iter().filter(|f| f.extension().is_some_and(|x| x == "sql")) {
            let name = format!("{dir}/{}", f.file_name().unwrap().to_string_lossy());
            out.push((name, std::fs::read_to_string(&f).expect("readable script")));
        }
    }
    out
}
