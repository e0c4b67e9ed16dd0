//! Compares two folders of PNGs pixel by pixel: every `*.png` in the first must exist in the second and decode to
//! the same size and the same RGB(A) pixels, whatever the bytes (palette order, filters, deflate level).
//!
//! Used to show that a change of the encoder changed bytes but no picture, e.g. the goldens before and after a
//! cache version bump: `cargo run --example same_pixels -- OLD_DIR tests/golden`. Exits non-zero on any
//! difference and names the files.

use std::path::Path;
use std::process::ExitCode;

/// Width, height and 8-bit RGBA pixels of a PNG, whatever its colour type and depth.
fn decode(path: &Path) -> Result<(u32, u32, Vec<u8>), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().map_err(|e| format!("{}: {e}", path.display()))?;
    let size = reader.output_buffer_size().ok_or_else(|| format!("{}: too large", path.display()))?;
    let mut pixels = vec![0; size];
    let info = reader.next_frame(&mut pixels).map_err(|e| format!("{}: {e}", path.display()))?;
    pixels.truncate(info.buffer_size());
    Ok((info.width, info.height, pixels))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [old, new] = args.as_slice() else {
        eprintln!("usage: same_pixels OLD_DIR NEW_DIR");
        return ExitCode::from(2);
    };
    let mut names: Vec<_> = match std::fs::read_dir(old) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.file_name()))
            .filter(|n| n.to_string_lossy().ends_with(".png"))
            .collect(),
        Err(e) => {
            eprintln!("{old}: {e}");
            return ExitCode::from(2);
        }
    };
    names.sort();
    let (mut same, mut differ) = (0, 0);
    let (mut old_bytes, mut new_bytes) = (0u64, 0u64);
    for name in &names {
        let (a, b) = (Path::new(old).join(name), Path::new(new).join(name));
        let sizes = (std::fs::metadata(&a).map(|m| m.len()), std::fs::metadata(&b).map(|m| m.len()));
        match (decode(&a), decode(&b)) {
            (Ok(x), Ok(y)) if x == y => {
                same += 1;
                let (sa, sb) = (sizes.0.unwrap_or(0), sizes.1.unwrap_or(0));
                old_bytes += sa;
                new_bytes += sb;
                println!("same pixels  {:<28} {sa:>8} -> {sb:>8} bytes", name.to_string_lossy());
            }
            (Ok(_), Ok(_)) => {
                differ += 1;
                println!("DIFFERENT    {}", name.to_string_lossy());
            }
            (x, y) => {
                differ += 1;
                println!("UNREADABLE   {}: {:?} / {:?}", name.to_string_lossy(), x.err(), y.err());
            }
        }
    }
    println!("{same} with the same pixels ({old_bytes} -> {new_bytes} bytes), {differ} different");
    if differ == 0 && same > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
